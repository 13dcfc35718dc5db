/** Moved to web/lib (every feature's forms use it); kept here for the imports not moved yet. */
export { showServerErrors, useSchemaForm } from '../../lib/use-schema-form';
