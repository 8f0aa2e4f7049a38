import { petHandlers } from './handlers';
import { mountPetImages } from './images';
import { petTickJob } from './life';
import { petRewardSubscribers } from './rewards';
import { defineDomain } from '../../domain-module';

export const petDomain = defineDomain({
  name: 'pet',
  handlers: petHandlers,
  jobs: [petTickJob],
  subscribers: petRewardSubscribers,
  mount(app) {
    mountPetImages(app);
  },
});
