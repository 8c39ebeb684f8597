import {
  DECLARATION_FUNNEL_PATH,
  DeclarationFunnelAnswerSchema,
  FIND_NUMBER_RATE_PATH,
  FOLLOW_UP_RATE_PATH,
  PAGES_AROUND_PATH,
  PagesAroundAnswerSchema,
  type ReferencePage,
  ReportRateAnswerSchema,
  UNIQUE_USERS_PATH,
  UniqueUsersAnswerSchema,
} from '../../contracts/analysis.ts';
import { INSURER_TIME_ZONE } from '../../contracts/time-zone.ts';
import { type StaffApiResult, staffApi } from '../api/client.ts';
import { wallClockMinute } from '../lib/dates.ts';
import type { AnalysisRange } from './date-rules.ts';
import { useStatistic } from './use-statistic.ts';

/** What every call sends: the range as wall clocks of the insurer's time zone (Paris), as the pickers hold it. */
export interface Period {
  start_date: string;
  end_date: string;
  timezone: string;
}

export function periodOf(range: AnalysisRange): Period {
  return {
    start_date: wallClockMinute(range.start),
    end_date: wallClockMinute(range.end),
    timezone: INSURER_TIME_ZONE,
  };
}

/** Unwraps `datas` of a successful answer. */
async function datasOf<T>(answer: Promise<StaffApiResult<{ datas: T }>>): Promise<StaffApiResult<T>> {
  const result = await answer;
  return result.ok ? { ok: true, data: result.data.datas } : result;
}

/**
 * The analysis page's five statistics, each with its own state: unique users, the declaration
 * funnel, the find-my-number and follow-up rates, and the pages around a reference page.
 * `loadAll` asks for all of them for one period, `resetAll` clears them (the dates changed).
 */
export function useAnalysisStatistics() {
  const uniqueUsers = useStatistic((period: Period, signal) =>
    datasOf(staffApi(UNIQUE_USERS_PATH, UniqueUsersAnswerSchema, { method: 'POST', body: period, signal })),
  );
  const funnel = useStatistic((period: Period, signal) =>
    datasOf(staffApi(DECLARATION_FUNNEL_PATH, DeclarationFunnelAnswerSchema, { method: 'POST', body: period, signal })),
  );
  const findNumber = useStatistic((period: Period, signal) =>
    datasOf(staffApi(FIND_NUMBER_RATE_PATH, ReportRateAnswerSchema, { query: { ...period }, signal })),
  );
  const followUp = useStatistic((period: Period, signal) =>
    datasOf(staffApi(FOLLOW_UP_RATE_PATH, ReportRateAnswerSchema, { query: { ...period }, signal })),
  );
  const around = useStatistic((request: Period & { referal_page: ReferencePage }, signal) =>
    datasOf(staffApi(PAGES_AROUND_PATH, PagesAroundAnswerSchema, { method: 'POST', body: request, signal })),
  );

  const resetAll = () => {
    for (const block of [uniqueUsers, funnel, findNumber, followUp, around]) block.reset();
  };
  const loadAll = (period: Period, referencePage: ReferencePage) => {
    uniqueUsers.load(period);
    funnel.load(period);
    findNumber.load(period);
    followUp.load(period);
    around.load({ ...period, referal_page: referencePage });
  };

  return { uniqueUsers, funnel, findNumber, followUp, around, resetAll, loadAll };
}
