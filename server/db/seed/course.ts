/** Seconds of each generated demo clip (the demo videos themselves come with the demo package, demo-course.ts). */
export const DEMO_VIDEO_SECONDS = 36;
