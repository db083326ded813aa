/** The map the exercise asks about; README.md shows the same text (a content test checks they match). */
export const sharingMap = `service web weight 70
service admin weight 30
service orders
service billing
service reports
service exporter          # a nightly batch job
threads app-workers
cache catalog-cache
pool orders-db
pool reports-db
pool billing-client for billing
web calls orders
admin calls reports
orders calls billing
reports calls billing
web uses app-workers, catalog-cache
admin uses app-workers
orders uses orders-db, catalog-cache, billing-client
billing uses orders-db
reports uses reports-db, billing-client
exporter uses reports-db
`;
