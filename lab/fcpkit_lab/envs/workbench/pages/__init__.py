"""The workbench's page handlers, one module per part of the app, mixed into
:class:`~fcpkit_lab.envs.workbench.app.WorkbenchApp` (which lists the routes in ``_routes``).

``home`` (home page, health check, the announcement's dismiss button), ``lists`` (the search and
filter list of every workflow), ``support``, ``expenses``, ``catalogue`` and ``orders`` (each
workflow's record pages and writes) and ``control`` (the episode control API).
"""
