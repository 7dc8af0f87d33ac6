"""Environments and what acts in them, above the library's layers: the browser (:mod:`.browser`),
the workbench web app (:mod:`.workbench`), MiniWoB++ (:mod:`.miniwob`), executors
(:mod:`.executors`), recording (:mod:`.record`) and live cases (:mod:`.live`).

Nothing below this package imports it; it needs the ``[browser]`` extra for most of its modules.
"""
