import { financesHandlers } from './handlers';
import { renewalJob } from './subscription-renewal';
import { mountPaymentRoutes } from './webhook';
import { defineDomain } from '../../domain-module';

export const financesDomain = defineDomain({
  name: 'finances',
  handlers: financesHandlers,
  jobs: [renewalJob],
  mount(app, services) {
    mountPaymentRoutes(app, services);
  },
});
