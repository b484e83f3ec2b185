/**
 * The visitor's test session rides in an httpOnly cookie, so a refresh or a reopened tab resumes it; it is
 * also what lets that browser read its report.
 */
export const SESSION_COOKIE = 'IQ-exam';
