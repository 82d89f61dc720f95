"""The benchmark harness: recall quality (ev@k, any@k, all@k), ingest throughput, recall latency."""
