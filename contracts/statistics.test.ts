import { describe, expect, it } from 'vitest';
import { StatsDateTimeSchema } from './backoffice.ts';
import { FindNumberReportSchema, FollowUpReportSchema } from './statistics.ts';

/** Values the fuzz suite (server/fuzz) found passing these schemas, then refused by PostgreSQL (500). */
describe('report and statistics date contracts', () => {
  it.each(['6078-89-65', '2024-02-30', '2024-13-01'])('When a report day is %s, then it is refused', (day) => {
    expect(FindNumberReportSchema.safeParse({ status: 'error', sejour_debut_date: day }).success).toBe(false);
  });

  it('When a report day is real or empty, then it is read', () => {
    expect(FindNumberReportSchema.safeParse({ status: 'error', sejour_debut_date: '2024-02-29' }).success).toBe(true);
    expect(FindNumberReportSchema.safeParse({ status: 'error', sejour_fin_date: '' }).success).toBe(true);
  });

  it.each([
    ['socketId', { socketId: 'B\u0000' }],
    ['message', { message: 'x\u0000y' }],
  ])('When a stored report text (%s) holds a NUL character, then it is refused', (_field, fields) => {
    expect(FollowUpReportSchema.safeParse({ status: 'error', ...fields }).success).toBe(false);
  });

  it.each(['4008-99-25 50:71:04', '2024-02-30 10:00:00', '2024-06-01 24:00'])(
    'When a staff date-time is %s, then it is refused',
    (text) => {
      expect(StatsDateTimeSchema.safeParse(text).success).toBe(false);
    },
  );

  it('When a staff date-time is real, with or without seconds, then it is read', () => {
    expect(StatsDateTimeSchema.safeParse('2026-11-23 00:00:00').success).toBe(true);
    expect(StatsDateTimeSchema.safeParse('2024-02-29 23:59').success).toBe(true);
  });
});
