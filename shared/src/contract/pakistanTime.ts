/**
 * Pakistan's clock, the one source of the Pakistan day (a due date, an overdue day, the service
 * hours) for the app, the server's code and the server's SQL. Pakistan has kept UTC+5 all year since
 * 2009 (no daylight saving), so a fixed offset is exact and the SQL can use it as a number; the
 * zone's name is for what asks for a name (the market's country settings), and a test holds the two equal.
 */
export const PAKISTAN_TIME_ZONE = 'Asia/Karachi';
export const PAKISTAN_UTC_OFFSET_MINUTES = 5 * 60;
