// City pages: cities, services and their pages, and the CSV import that fills them.
// The one module the rest of the app imports from this area; its other modules are internal.
export { importCsv, type ImportReport } from "./csv-import.server";
export {
  deletePageRecord,
  getPageEditor,
  listPageRecords,
  type PageEditorData,
  type PageRecordSummary,
  previewContent,
  savePageRecord,
} from "./place-pages-admin.server";
export { type City, findCityServicePage, loadCityServicePage, type Service, type SiteFacts } from "./place-pages.server";
export { getCity, getService, listCities, listServices, saveCity, saveService, setCityActive, setServiceActive } from "./places-admin.server";
