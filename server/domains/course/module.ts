import { courseHandlers } from './handlers';
import { mountCourseImages } from './images';
import { defineDomain } from '../../domain-module';

export const courseDomain = defineDomain({
  name: 'course',
  handlers: courseHandlers,
  mount(app) {
    mountCourseImages(app);
  },
});
