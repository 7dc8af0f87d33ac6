"""The page model: the one reader of observation text (see :mod:`fcpkit.core.page.model`).

* :class:`Page` — an observation read once: nodes, regions (chrome, main, dialogs, live regions,
  forms), collections and the items that *mention* other records, the page's *identity*, fields;
  :meth:`Page.of` keeps it with the observation, so every consumer reads the same object;
* :mod:`~fcpkit.core.page.records` — the one definition of a record id (:func:`record_ids`);
* :mod:`~fcpkit.core.page.provenance` — what the application wrote, what a user wrote, what the
  agent typed (:class:`ProvenancePolicy`);
* :mod:`~fcpkit.core.page.site` — what every page of a site shows (:class:`SiteModel`);
* :mod:`~fcpkit.core.page.views` — what confirming evidence (:func:`app_view`) and falsifiers
  (:func:`evidence_view`) are read on, and how a page was read, for a person (:func:`reading`).

No other module parses observation text (``tests/core/test_page_model.py`` holds them to it).
"""

from fcpkit.core.page.model import Page, title_parts
from fcpkit.core.page.regions import COLLECTIONS, ITEMS, ZONES, Field
from fcpkit.core.page.nodes import CONTROL_ROLES, DIALOG_ROLES, LIVE_ROLES, Node, read_line
from fcpkit.core.page.provenance import DEFAULT_POLICY, ProvenancePolicy, about_user_content, user_labels, user_nodes
from fcpkit.core.page.records import RECORD_ID, RecordId, id_names, record_ids
from fcpkit.core.page.site import SiteModel, furniture
from fcpkit.core.page.views import Discounted, Reading, app_view, discounted, evidence_view, found_view, reading, record_view

__all__ = [
    "Page", "Node", "Field", "read_line", "ZONES", "COLLECTIONS", "ITEMS", "LIVE_ROLES", "DIALOG_ROLES", "CONTROL_ROLES",
    "title_parts", "RECORD_ID", "RecordId", "record_ids", "id_names", "ProvenancePolicy", "DEFAULT_POLICY",
    "about_user_content", "user_labels", "user_nodes", "SiteModel", "furniture", "app_view", "evidence_view",
    "discounted", "Discounted", "Reading", "reading", "record_view", "found_view",
]
