"""Work beside the requests: the background loop (queue, backlog, idle events, maintenance), the
worker process, and who is who among the processes sharing a store."""
