/**
 * Paths of the named routes (back-office §2.1), relative to /study. Screens link by name through
 * these builders, so a path is written once.
 */
export const paths = {
  login: () => '/login',
  signup: () => '/signup',
  home: () => '/',
  lk: () => '/lk',
  calendar: () => '/calendar',
  poleznoe: () => '/poleznoe',
  finances: () => '/finances',
  ratings: () => '/ratings',
  nearby_people: () => '/nearby_people',
  settings: () => '/settings',
  webinar: () => '/webinar',
  today: () => '/today',
  /** Changes queued on this device: waiting to be sent or refused (the header's badge leads here). */
  outbox: () => '/outbox',
  roadmap: () => '/roadmap',
  lesson: (lessonNum: number | string) => `/roadmap/${lessonNum}`,
  knowledge_grid: () => '/knowledge_grid',
  video_lesson: (videoId: number | string) => `/video_lesson/${videoId}`,
  ht_p1: (htNum: number | string, dop: '0' | '1') => `/ht_p1/${htNum}/${dop}`,
  ht_p2: (dzNum: number | string, dop: '0' | '1') => `/ht_p2?dz_num=${dzNum}&dop=${dop}`,
  autoTests: (numberTest: number | string) => `/zachet_auto/${numberTest}`,
  zachet_zapis: (zachetNum: number | string) => `/zachet_zapis?zachet_num=${zachetNum}`,
  trains: (child: TrainsLink) => `/trains/${child}`,
  materials: (child: MaterialsLink) => `/materials/${child}`,
  curator: (child: string) => `/curator/${child}`,
  homeworks: () => '/curator/homeworks',
  'homework-check': (id: number | string) => `/curator/homeworks/${id}`,
  HtP1Result: (dzNum: number | string, dop: '0' | '1', id: string) => `/curator/homeworks/ht_p1/${dzNum}/${dop}/${id}`,
  HtP2Result: (dzNum: number | string, id: string) => `/curator/homeworks/ht_p2/${dzNum}/${id}`,
  HtP2Tasks: (dzNum: number | string, onlyChecked: '0' | '1', taskNum: number | string) =>
    `/curator/homeworks/ht_p2_tasks/${dzNum}/${onlyChecked}/${taskNum}`,
  users: () => '/curator/users',
  anketa: (id: number | string) => `/curator/users/${id}`,
  video_edit: () => '/curator/video_edit',
  video_detail: (videoId: number | string) => `/curator/video_edit/${videoId}`,
  timecodes: (videoId: number | string) => `/curator/timecodes/${videoId}`,
  questions: () => '/curator/questions',
  questionsP1: () => '/curator/questions/p1',
  questionsP2: () => '/curator/questions/p2',
  questionsZachVerbal: () => '/curator/questions/zach_verbal',
} as const;

export const MAIN_LINKS = ['lk', 'calendar', 'poleznoe', 'finances', 'ratings', 'nearby_people', 'settings'] as const;
export type MainLink = (typeof MAIN_LINKS)[number];

export const TRAINS_LINKS = ['decide-first', 'trains_verbal_players', 'trains_p1', 'trains_p2', 'trains_verbal', 'train_priznaki', 'reviews'] as const;
export type TrainsLink = (typeof TRAINS_LINKS)[number];

export const MATERIALS_LINKS = ['search_video', 'search_termin'] as const;
export type MaterialsLink = (typeof MATERIALS_LINKS)[number];
