import type { RouteObject } from 'react-router';
import { ruTitles } from '../i18n/titles';
import type { RouteHandle } from './route-handle';

/** The route table of back-office §2.1, with the route names the spec gives (see route-names.ts). */
export const routes: RouteObject[] = [
  {
    path: 'login',
    lazy: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage })),
    handle: { title: ruTitles.login, bare: true } satisfies RouteHandle,
  },
  {
    path: 'signup',
    lazy: () => import('../features/auth/SignupPage').then((m) => ({ Component: m.SignupPage })),
    handle: { title: ruTitles.signup, bare: true } satisfies RouteHandle,
  },
  // The school's documents (issue 26 item 4): public, outside the shell, linked from the top-up popup.
  {
    path: 'oferta',
    lazy: () => import('../features/documents/DocumentPage').then((m) => ({ Component: m.OfertaPage })),
    handle: { title: ruTitles.oferta, bare: true } satisfies RouteHandle,
  },
  {
    path: 'privacy',
    lazy: () => import('../features/documents/DocumentPage').then((m) => ({ Component: m.PrivacyPage })),
    handle: { title: ruTitles.privacy, bare: true } satisfies RouteHandle,
  },
  {
    lazy: () => import('./shell/AppShell').then((m) => ({ Component: m.AppShell })),
    children: [
      {
        lazy: () => import('../features/main-area/MainArea').then((m) => ({ Component: m.MainArea })),
        children: [
          { index: true, lazy: () => import('../features/main-area/MainAreaEntry').then((m) => ({ Component: m.MainAreaEntry })) },
          { path: 'lk', lazy: () => import('../features/account/AccountPage').then((m) => ({ Component: m.AccountPage })), handle: { title: ruTitles.lk, group: 'main', link: 'lk' } satisfies RouteHandle },
          { path: 'calendar', lazy: () => import('../features/calendar/CalendarPage').then((m) => ({ Component: m.CalendarPage })), handle: { title: ruTitles.calendar, group: 'main', link: 'calendar' } satisfies RouteHandle },
          { path: 'poleznoe', lazy: () => import('../features/preferences/FeedbackPage').then((m) => ({ Component: m.FeedbackPage })), handle: { title: ruTitles.poleznoe, group: 'main', link: 'poleznoe' } satisfies RouteHandle },
          { path: 'finances', lazy: () => import('../features/finances/FinancesPage').then((m) => ({ Component: m.FinancesPage })), handle: { title: ruTitles.finances, group: 'main', link: 'finances' } satisfies RouteHandle },
          { path: 'ratings', lazy: () => import('../features/rating/RatingsPage').then((m) => ({ Component: m.RatingsPage })), handle: { title: ruTitles.ratings, group: 'main', link: 'ratings' } satisfies RouteHandle },
          { path: 'nearby_people', lazy: () => import('../features/preferences/NearbyPeoplePage').then((m) => ({ Component: m.NearbyPeoplePage })), handle: { title: ruTitles.nearbyPeople, group: 'main', link: 'nearby_people' } satisfies RouteHandle },
          { path: 'settings', lazy: () => import('../features/preferences/SettingsPage').then((m) => ({ Component: m.SettingsPage })), handle: { title: ruTitles.settings, group: 'main', link: 'settings' } satisfies RouteHandle },
        ],
      },
      {
        path: 'webinar',
        lazy: () => import('../features/webinar/WebinarPage').then((m) => ({ Component: m.WebinarPage })),
        handle: { title: ruTitles.webinar } satisfies RouteHandle,
      },
      {
        path: 'roadmap',
        lazy: () => import('../features/course/RoadmapPage').then((m) => ({ Component: m.RoadmapPage })),
        handle: { title: ruTitles.roadmap, wide: true } satisfies RouteHandle,
        children: [
          {
            // Named 'lesson': the popup over the road; the bars are hidden while it is open.
            path: ':lessonNum',
            lazy: () => import('../features/course/LessonPopup').then((m) => ({ Component: m.LessonPopup })),
            handle: { title: ruTitles.lesson, bare: true } satisfies RouteHandle,
          },
        ],
      },
      { path: 'knowledge_grid', lazy: () => import('../features/knowledge/KnowledgeMapPage').then((m) => ({ Component: m.KnowledgeMapPage })), handle: { title: ruTitles.knowledgeGrid } satisfies RouteHandle },
      {
        path: 'video_lesson/:videoId?',
        lazy: () => import('../features/video/VideoLessonPage').then((m) => ({ Component: m.VideoLessonPage })),
        handle: { title: ruTitles.videoLessonVideoId } satisfies RouteHandle,
      },
      { path: 'ht_p1/:htNum/:dop', lazy: () => import('../features/homework-p1/HomeworkP1Page').then((m) => ({ Component: m.HomeworkP1Page })), handle: { title: ruTitles.htP1HtNumDop } satisfies RouteHandle },
      { path: 'ht_p2', lazy: () => import('../features/homework-p2/HomeworkP2Page').then((m) => ({ Component: m.HomeworkP2Page })), handle: { title: ruTitles.htP2, bare: true } satisfies RouteHandle },
      {
        // Named 'autoTests' (route-names.ts): start, solving with the timer, result.
        path: 'zachet_auto/:numberTest',
        lazy: () => import('../features/credits/CreditAutoPage').then((m) => ({ Component: m.CreditAutoPage })),
        handle: { title: ruTitles.zachetAutoNumberTest } satisfies RouteHandle,
      },
      { path: 'zachet_zapis', lazy: () => import('../features/credits/VerbalBookingPage').then((m) => ({ Component: m.VerbalBookingPage })), handle: { title: ruTitles.zachetZapis } satisfies RouteHandle },
      {
        path: 'trains',
        lazy: () => import('../features/sections/TrainsLayout').then((m) => ({ Component: m.TrainsLayout })),
        children: [
          { index: true, lazy: () => import('../features/sections/SectionEntry').then((m) => ({ Component: m.TrainsEntry })) },
          { path: 'decide-first', lazy: () => import('../features/decide-first/DecideFirstPage').then((m) => ({ Component: m.DecideFirstPage })), handle: { title: ruTitles.decideFirst, group: 'trains', link: 'decide-first' } satisfies RouteHandle },
          { path: 'trains_verbal_players', lazy: () => import('../features/video-chat/VideoChatPage').then((m) => ({ Component: m.VideoChatPage })), handle: { title: ruTitles.trainsVerbalPlayers, group: 'trains', link: 'trains_verbal_players' } satisfies RouteHandle },
          { path: 'trains_p1', lazy: () => import('../features/train-p1/TrainP1Page').then((m) => ({ Component: m.TrainP1Page })), handle: { title: ruTitles.trainsP1, group: 'trains', link: 'trains_p1' } satisfies RouteHandle },
          { path: 'trains_p2', lazy: () => import('../features/train-p2/TrainP2Page').then((m) => ({ Component: m.TrainP2Page })), handle: { title: ruTitles.trainsP2, group: 'trains', link: 'trains_p2' } satisfies RouteHandle },
          { path: 'trains_verbal', lazy: () => import('../features/train-verbal/TrainVerbalPage').then((m) => ({ Component: m.TrainVerbalPage })), handle: { title: ruTitles.trainsVerbal, group: 'trains', link: 'trains_verbal' } satisfies RouteHandle },
          { path: 'train_priznaki', lazy: () => import('../features/train-signs/TrainSignsPage').then((m) => ({ Component: m.TrainSignsPage })), handle: { title: ruTitles.trainPriznaki, group: 'trains', link: 'train_priznaki' } satisfies RouteHandle },
        ],
      },
      {
        path: 'materials',
        lazy: () => import('../features/sections/MaterialsLayout').then((m) => ({ Component: m.MaterialsLayout })),
        children: [
          { index: true, lazy: () => import('../features/sections/SectionEntry').then((m) => ({ Component: m.MaterialsEntry })) },
          { path: 'search_video', lazy: () => import('../features/materials/VideoSearchPage').then((m) => ({ Component: m.VideoSearchPage })), handle: { title: ruTitles.searchVideo, group: 'materials', link: 'search_video' } satisfies RouteHandle },
          { path: 'search_termin', lazy: () => import('../features/materials/TermSearchPage').then((m) => ({ Component: m.TermSearchPage })), handle: { title: ruTitles.searchTermin, group: 'materials', link: 'search_termin' } satisfies RouteHandle },
        ],
      },
      {
        path: 'curator',
        lazy: () => import('../features/back-office/CuratorLayout').then((m) => ({ Component: m.CuratorLayout })),
        children: [
          { index: true, lazy: () => import('../features/back-office/CuratorEntry').then((m) => ({ Component: m.CuratorEntry })) },
          { path: 'users', lazy: () => import('../features/crm/UsersPage').then((m) => ({ Component: m.UsersPage })), handle: { title: ruTitles.users, group: 'curator', link: 'users' } satisfies RouteHandle },
          { path: 'users/:id', lazy: () => import('../features/crm/AnketaPage').then((m) => ({ Component: m.AnketaPage })), handle: { title: ruTitles.usersId, group: 'curator', link: 'users' } satisfies RouteHandle },
          { path: 'questionsDz', lazy: () => import('../features/tickets/QuestionsDzPage').then((m) => ({ Component: m.QuestionsDzPage })), handle: { title: ruTitles.questionsDz, group: 'curator', link: 'questionsDz' } satisfies RouteHandle },
          { path: 'standards', lazy: () => import('../features/standards/StandardsPage').then((m) => ({ Component: m.StandardsPage })), handle: { title: ruTitles.standards, group: 'curator', link: 'standards' } satisfies RouteHandle },
          { path: 'homeworks', lazy: () => import('../features/curator-homework/HomeworksPage').then((m) => ({ Component: m.HomeworksPage })), handle: { title: ruTitles.homeworks, group: 'curator', link: 'homeworks' } satisfies RouteHandle },
          { path: 'homeworks/:id', lazy: () => import('../features/curator-homework/HomeworkCheckPage').then((m) => ({ Component: m.HomeworkCheckPage })), handle: { title: ruTitles.homeworksId, group: 'curator', link: 'homeworks' } satisfies RouteHandle },
          { path: 'homeworks/ht_p1/:dzNum/:dop/:id', lazy: () => import('../features/curator-homework/HtP1ResultPage').then((m) => ({ Component: m.HtP1ResultPage })), handle: { title: ruTitles.homeworksHtP1DzNumDopId, group: 'curator', link: 'homeworks' } satisfies RouteHandle },
          { path: 'homeworks/ht_p2/:dzNum/:id', lazy: () => import('../features/curator-homework/HtP2ResultPage').then((m) => ({ Component: m.HtP2ResultPage })), handle: { title: ruTitles.homeworksHtP2DzNumId, group: 'curator', link: 'homeworks' } satisfies RouteHandle },
          { path: 'homeworks/ht_p2_tasks/:dzNum/:onlyChecked/:taskNum', lazy: () => import('../features/curator-homework/HtP2TasksPage').then((m) => ({ Component: m.HtP2TasksPage })), handle: { title: ruTitles.homeworksHtP2TasksDzNumOnlyCheckedTaskNum, group: 'curator', link: 'homeworks' } satisfies RouteHandle },
          { path: 'tg_sending', lazy: () => import('../features/mailings/MailingsPage').then((m) => ({ Component: m.MailingsPage })), handle: { title: ruTitles.tgSending, group: 'curator', link: 'tg_sending' } satisfies RouteHandle },
          { path: 'statistic', lazy: () => import('../features/school-stats/StatisticPage').then((m) => ({ Component: m.StatisticPage })), handle: { title: ruTitles.statistic, group: 'curator', link: 'statistic' } satisfies RouteHandle },
          { path: 'files', lazy: () => import('../features/files/FilesPage').then((m) => ({ Component: m.FilesPage })), handle: { title: ruTitles.files, group: 'curator', link: 'files' } satisfies RouteHandle },
          { path: 'change-variables', lazy: () => import('../features/admin/ChangeVariablesPage').then((m) => ({ Component: m.ChangeVariablesPage })), handle: { title: ruTitles.changeVariables, group: 'curator', link: 'change-variables' } satisfies RouteHandle },
          { path: 'school_statistics', lazy: () => import('../features/school-stats/SchoolStatisticsPage').then((m) => ({ Component: m.SchoolStatisticsPage })), handle: { title: ruTitles.schoolStatistics, group: 'curator', link: 'school_statistics' } satisfies RouteHandle },
          { path: 'video_edit', lazy: () => import('../features/video-admin/VideoListPage').then((m) => ({ Component: m.VideoListPage })), handle: { title: ruTitles.videoEdit, group: 'curator', link: 'video_edit' } satisfies RouteHandle },
          { path: 'video_edit/:videoId', lazy: () => import('../features/video-admin/VideoDetailPage').then((m) => ({ Component: m.VideoDetailPage })), handle: { title: ruTitles.videoEditVideoId, group: 'curator', link: 'video_edit' } satisfies RouteHandle },
          { path: 'timecodes/:videoId', lazy: () => import('../features/video-admin/TimecodesPage').then((m) => ({ Component: m.TimecodesPage })), handle: { title: ruTitles.timecodesVideoId, group: 'curator', link: 'video_edit' } satisfies RouteHandle },
          {
            path: 'questions',
            lazy: () => import('../features/back-office/QuestionsLayout').then((m) => ({ Component: m.QuestionsLayout })),
            children: [
              { index: true, lazy: () => import('../features/back-office/QuestionsLayout').then((m) => ({ Component: m.QuestionsEntry })) },
              { path: 'p1', lazy: () => import('../features/question-bank-admin/QuestionsP1Page').then((m) => ({ Component: m.QuestionsP1Page })), handle: { title: ruTitles.p1, group: 'questions', link: 'p1' } satisfies RouteHandle },
              { path: 'p2', lazy: () => import('../features/question-bank-p2/QuestionsP2Page').then((m) => ({ Component: m.QuestionsP2Page })), handle: { title: ruTitles.p2, group: 'questions', link: 'p2' } satisfies RouteHandle },
              { path: 'zach_verbal', lazy: () => import('../features/question-bank-p2/CreditQuestionsPage').then((m) => ({ Component: m.CreditQuestionsPage })), handle: { title: ruTitles.zachVerbal, group: 'questions', link: 'zach_verbal' } satisfies RouteHandle },
            ],
          },
          { path: 'textbooks', lazy: () => import('../features/textbooks/TextbooksPage').then((m) => ({ Component: m.TextbooksPage })), handle: { title: ruTitles.textbooks, group: 'curator', link: 'textbooks' } satisfies RouteHandle },
          { path: 'verbal_slots', lazy: () => import('../features/credits/VerbalSlotsPage').then((m) => ({ Component: m.VerbalSlotsPage })), handle: { title: ruTitles.verbalSlots, group: 'curator', link: 'verbal_slots' } satisfies RouteHandle },
          { path: 'theory_chunks', lazy: () => import('../features/knowledge/TheoryChunksPage').then((m) => ({ Component: m.TheoryChunksPage })), handle: { title: ruTitles.theoryChunks, group: 'curator', link: 'theory_chunks' } satisfies RouteHandle },
        ],
      },
    ],
  },
  {
    path: '*',
    lazy: () => import('../features/not-found/NotFoundPage').then((m) => ({ Component: m.NotFoundPage })),
    handle: { title: ruTitles.notFound, bare: true } satisfies RouteHandle,
  },
];
