/**
 * The spec's route table has /templates/{id}/edit but no /templates/new. Creating a template from
 * scratch therefore reuses the edit route with the reserved id 'new' (not a uuid, so it can never
 * clash with a stored template): /templates/new/edit opens an empty editor that POSTs on save.
 */
export const NEW_TEMPLATE_ID = 'new';
export const NEW_TEMPLATE_HREF = `/templates/${NEW_TEMPLATE_ID}/edit`;
