/**
 * Test data made through the calls the product uses (the admin's student card and groups, the
 * question bank editor), so tests say what they need instead of reshaping rows of the demo seed.
 * Where no call makes a thing (accounts with a password, course rules, a work's progress), the
 * factory is the one place a test writes those rows.
 */
export { adminOf } from './staff';
export { editUser, expireDemo, grantGroup, linkAccounts, makeCurator, makeStudent, makeStudentLike, revokeGroup, userIdOf, userKeyOf, type MadeUser, type Someone, type StudentOptions, type UserOptions } from './users';
export { homeworkProgressOf, makeHomework, setHomeworkProgress, setHomeworkRules, type HomeworkOptions, type HomeworkProgress, type HomeworkRules, type PartOneQuestion } from './homework';
export { setCreditRules, setVerbalCreditResult, startedCreditAgo } from './credits';
