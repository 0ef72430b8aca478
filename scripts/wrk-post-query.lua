-- wrk script: POST /query with a listing-sized JSON body (the HTTP server comparison of docs/server.md)
wrk.method = "POST"
wrk.body   = '{"text": "Sunny two-room flat near Termini station, 800 euro a month, furnished, quiet street, near the metro"}'
wrk.headers["Content-Type"] = "application/json"
