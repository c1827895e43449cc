// The sources of a frame: point history and read-only live state through injected readers,
// covariate datasets (file parsing, loading, the demo weather) and deterministic calendar
// features. May import generated/, compiler/ and type-only runtime/store; no I/O of its own: the
// store and the point plane are passed in (run the reads inside Store.readSnapshot).
export { calendarFeature, calendarValue, isKnownTimezone, labelClock, labelClocks, localClock, type LocalClock } from "./calendar.js";
export { covariateFileFormat, formatCovariateCsv, parseCovariateFile, COVARIATE_COLUMNS, type CovariateFileFormat, type CovariateFileRow, type ParsedCovariateFile } from "./covariate-file.js";
export { loadCovariateFile, seedDemoWeather, type CovariateAppender, type CovariateLoad } from "./covariate-loader.js";
export { covariateLabelRange, readCovariateSnapshot, type CovariateRangeReader, type CovariateRef, type CovariateWindow } from "./covariate-snapshot.js";
export { DEMO_WEATHER_DATASET, DEMO_WEATHER_FIELDS, generateDemoWeather, type DemoWeatherOptions } from "./demo-weather.js";
export { createLiveStateReader, readLiveSnapshot, type LivePlaneView, type LiveStateReader } from "./live-state.js";
export { historyReadRange, readMeasurementSnapshot, type HistoryWindow, type PointRangeReader } from "./measurement-snapshot.js";
export { readSourceSnapshot, type SourceReaders, type SourceSnapshot } from "./source-snapshot.js";
