/** The door of meter/: the context meter's figures (issue 24): the next request's size by part, exact where the server reported, calibrated per model. Loaded with the chat page. */
export { CALIBRATION_MAX, CALIBRATION_MIN, calibratedTokens, nextCalibration } from './calibration';
export { attachmentRefTokens, cachedHistoryCount, countHistory, type HistoryCount, MESSAGE_OVERHEAD_TOKENS } from './history-count';
export { meterFigures, type MeterFigures, type MeterInput, type MeterPart, type MeterPartName, meterState, type MeterState, WARN_RATIO } from './meter-figures';
