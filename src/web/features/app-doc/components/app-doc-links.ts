export const APP_DOC_PATH = '/app-doc';
export const appDocPath = (slug: string) => `${APP_DOC_PATH}/${slug}`;
