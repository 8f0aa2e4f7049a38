import { petHandlers } from './handlers';
import { mountPetImages } from './images';
import { petTickJob } from './life';
import { defineDomain } from '../../domain-module';

export const petDomain = defineDomain({
  name: 'pet',
  handlers: petHandlers,
  jobs: [petTickJob],
  mount(app) {
    mountPetImages(app);
  },
});
