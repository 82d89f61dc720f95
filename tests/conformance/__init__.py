"""The storage conformance suite: every case runs against every backend in backends.py.

backends.py, conftest.py   how to open each backend (the only backend-specific code), fixtures
kit.py, workers.py         records, filters, vectors (DIM 4); thread and process workers
test_<seam>.py             one seam each: records, unit_of_work, search, events, vectors,
                           keywords, queue, log, snapshots, state (both implementations)
test_tenancy.py            two tenants' users of one name are two people everywhere
test_two_instances.py      two instances on one store see each other's changes at once
test_memory_instances.py   the same, for two Memory objects
test_concurrent_*.py       queue workers, maintenance, observes, slots, embedding, state racing
"""
