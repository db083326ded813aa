/** The map the exercise asks about; README.md shows the same text (a content test checks they match). */
export const exerciseMap = `service web weight 60
service mobile-api weight 30
service admin weight 10
service orders
service search
service reports
pool main-db
cache sessions
web calls orders, search
mobile-api calls orders
admin calls reports
reports calls search with fallback
orders uses main-db
reports uses main-db
web uses sessions
search uses sessions
`;
