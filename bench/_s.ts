import { measureAnalysisStatistics, printAnalysisStatistics } from './analysis-statistics.ts';
printAnalysisStatistics(await measureAnalysisStatistics());
