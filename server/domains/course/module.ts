import { courseEditorHandlers } from './editor/handlers';
import { mountLessonImageUpload } from './editor/lesson-image';
import { courseHandlers } from './handlers';
import { mountCourseImages } from './images';
import * as m0109 from './migrations/0109-course-authoring';
import * as m0110 from './migrations/0110-lesson-video-order';
import { defineDomain } from '../../domain-module';

export const courseDomain = defineDomain({
  name: 'course',
  handlers: [...courseHandlers, ...courseEditorHandlers],
  migrations: { '0109-course-authoring': m0109, '0110-lesson-video-order': m0110 },
  mount(app, services) {
    mountCourseImages(app, services);
    mountLessonImageUpload(app, services);
  },
});
