# ---- shared rendering / trajectory framework (copied verbatim into each generator) ----
import json, os, random

HERE = os.path.dirname(os.path.abspath(__file__))


def q(s):
    return repr(s)


def N(role, name='', kids=None, key=None, value=None, props=None):
    return {'role': role, 'name': name, 'kids': [k for k in (kids or []) if k], 'key': key,
            'value': value, 'props': list(props or [])}


def T(text):
    return N('StaticText', text)


def serialize(title, url, nodes, seed):
    """BrowserGym-style flattened AXTree; bids in document order, skipped generic wrappers consume ids."""
    rng = random.Random(seed)
    state = {'bid': rng.randint(0, 30)}
    lines = ["RootWebArea %s, focused, url=%s" % (q(title), q(url))]
    keymap = {}

    def walk(n, depth):
        if n['role'] == 'StaticText':
            lines.append('\t' * depth + 'StaticText ' + q(n['name']))
            return
        state['bid'] += 1 + (rng.randint(1, 3) if rng.random() < 0.35 else 0)
        s = '[%d] %s %s' % (state['bid'], n['role'], q(n['name']))
        if n['value'] not in (None, ''):
            s += ' value=' + q(n['value'])
        if n['props']:
            s += ', ' + ', '.join(n['props'])
        lines.append('\t' * depth + s)
        if n['key']:
            assert n['key'] not in keymap, ('duplicate key', n['key'], title)
            keymap[n['key']] = (str(state['bid']), '%s %s' % (n['role'], q(n['name'])))
        for k in n['kids']:
            walk(k, depth + 1)

    for n in nodes:
        walk(n, 1)
    return '\n'.join(lines), keymap


class Run:
    """Builds one trajectory. Pages are functions page(S, ui, ctx) -> (title, url, nodes)."""

    def __init__(self, app, tid, fault, variant, description, state, seed):
        self.app, self.tid, self.fault = app, tid, fault
        self.variant, self.description = variant, description
        self.S = state
        self.rng = random.Random(seed)
        self.loads = 0
        self.steps = []
        self.fots = None
        self.success = False

    def _render(self, new_load):
        if new_load:
            self.loads += 1
            self.ctx = self.app.new_ctx(self.rng, self.loads)
        title, url, nodes = self.page(self.S, self.ui, self.ctx)
        text, km = serialize(title, url, nodes, self.ctx['seed'])
        self.keymap = km
        return {'url': url, 'title': title, 'text': text, 'error': None}

    def start(self, page, **ui):
        self.page, self.ui = page, dict(ui)
        self.initial = self._render(True)
        self.obs = self.initial
        return self

    def mark(self):
        """Label the next step as first off track."""
        self.fots = len(self.steps)
        return self

    def mark_now(self, i):
        self.fots = i
        return self

    def act(self, commitment, cmd, key=None, arg=None, why='', effect='read',
            nav=None, upd=None, same=False, mut=None, error=None):
        target = None
        if key is not None:
            assert key in self.keymap, ('missing key', key, self.tid, self.obs['title'])
            bid, target = self.keymap[key]
        if cmd == 'click':
            c = "click('%s')" % bid
        elif cmd == 'hover':
            c = "hover('%s')" % bid
        elif cmd == 'fill':
            c = "fill('%s', %s)" % (bid, q(arg))
        elif cmd == 'select':
            c = "select_option('%s', %s)" % (bid, q(arg))
        elif cmd == 'press':
            c = "press('%s', %s)" % (bid, q(arg or 'Enter'))
        elif cmd == 'scroll':
            c = 'scroll(0, %d)' % (arg or 400)
        elif cmd == 'noop':
            c = 'noop()'
        elif cmd == 'goto':
            c = 'goto(%s)' % q(arg)
        elif cmd == 'go_back':
            c = 'go_back()'
        elif cmd == 'send_msg_to_user':
            c = 'send_msg_to_user(%s)' % q(arg)
        else:
            raise ValueError(cmd)
        if mut:
            mut(self.S)
        if cmd in ('scroll', 'noop', 'hover', 'send_msg_to_user') and nav is None and upd is None:
            same = True
        if same:
            obs = dict(self.obs)
            obs['error'] = error
        elif nav is not None:
            page, ui = nav
            self.page, self.ui = page, dict(ui)
            obs = self._render(True)
        elif upd is not None:
            self.ui = dict(self.ui)
            self.ui.update(upd)
            obs = self._render(False)
        else:
            raise ValueError('act needs nav, upd or same')
        self.steps.append({'commitment': commitment,
                           'action': {'command': c, 'reasoning': why, 'target': target, 'effect': effect},
                           'observation': obs})
        self.obs = obs
        return self

    def done(self, success):
        self.success = success
        return self

    def record(self, workflow, task, plan_path):
        return {'id': self.tid, 'workflow': workflow, 'task': task, 'plan': plan_path,
                'label': {'fault': self.fault, 'first_off_track_step': self.fots,
                          'variant': self.variant, 'description': self.description},
                'initial_observation': self.initial, 'steps': self.steps,
                'outcome': {'success': self.success}}
# ---- end of shared framework ----

# =====================  Shelfmark Circulation (library staff client)  =====================
WORKFLOW = 'renew-waive'
HOST = 'http://localhost:7310'
TASK = ("In Shelfmark Circulation, open patron Tomasz Wierzbicki (P-20418, card 29017004418832), renew his loan "
        "of 'The Salt Roads of Anatolia' (barcode 31907002215564, due 04/09/2025) for the standard 21 days, then "
        "waive the $0.75 overdue fine F-88120 for 'Night Ferry to Tallinn' with the reason 'Returned in book drop' "
        "and the staff note 'Drop box scan delay 03/28, per patron call', and save the waiver.")
NOTE = 'Drop box scan delay 03/28, per patron call'

# Written from the task and the healthy pages, before any faulty run existed. Not edited afterwards.
PLAN_YAML = '''task: "%s"
plan_falsifiers:
  execution:
    - Sign in to Shelfmark
    - Your session has expired
    - You do not have permission to do this
commitments:
  - id: open-patron
    subgoal: Open patron Tomasz Wierzbicki (P-20418)
    skill: find_patron
    confidence: 0.8
    confirm:
      precondition: [Shelfmark Circulation]
      progress: ["Results for 'wierzbicki'", Tomasz Wierzbicki]
      completion: [Patron P-20418 – Tomasz Wierzbicki, Card 29017004418832]
    falsify:
      execution: [Tomas Wierzbicki, P-20481, Teresa Wierzbicka, No patrons found]
      skill: [Search box is not available]
      planning: [Patron account is blocked, Card expired]
  - id: renew-loan
    subgoal: Renew The Salt Roads of Anatolia (31907002215564) for 21 days
    skill: renew_loan
    confidence: 0.7
    confirm:
      precondition: [Loans (3), The Salt Roads of Anatolia, Due 04/09/2025]
      progress: [Renew loan, "New due date: 04/30/2025"]
      completion: [Loan renewed, now due 04/30/2025]
    falsify:
      execution: [The Anatolian Kitchen, "31907002215572", "Salt Roads: A Memoir", No loans match]
      skill: [No Renew button]
      planning:
        - Renewal limit reached
        - Item has holds and cannot be renewed
        - {text: Renew all, "on": action}
  - id: waive-fine
    subgoal: Waive the $0.75 overdue fine F-88120 (Night Ferry to Tallinn) with reason Returned in book drop
    skill: waive_charge
    confidence: 0.6
    confirm:
      precondition: [Fines & fees, F-88120, Night Ferry to Tallinn]
      progress: [Waive charge F-88120, Returned in book drop]
      completion: [Charge F-88120 waived]
    falsify:
      execution: [F-87950, The Night Ferry, F-88102, Lost card replacement, "Error: waiver not saved"]
      skill: [No Waive button]
      planning:
        - Charge already paid
        - {text: Record payment, "on": action}
''' % TASK.replace('"', '\\\\"')


def U(p):
    return HOST + p


def link(name, path, key=None, extra=()):
    return N('link', name, key=key, props=["url=%s" % q(U(path))] + list(extra))


def new_ctx(rng, loadno):
    minute = 10 * 60 + 37 + loadno + rng.randint(0, 1)
    h, m = divmod(minute, 60)
    sync = rng.choice(['Synced just now', 'Synced 1 min ago', 'Synced 2 min ago', 'Synced 4 min ago'])
    return {'seed': rng.randint(1, 10 ** 9), 'clock': '%d:%02d AM' % (h, m), 'sync': sync,
            'unread': rng.randint(2, 6)}


PAT = {'P-20418': ('Tomasz Wierzbicki', '29017004418832', 'Eastgate', 'Active', '01/31/2026'),
       'P-20481': ('Tomas Wierzbicki', '29017004418840', 'Northfield', 'Active', '09/30/2025'),
       'P-19977': ('Teresa Wierzbicka', '29017003390215', 'Eastgate', 'Expired', '02/28/2025')}


def base_state():
    return {'loans': [  # title, author, barcode, due, renewals used, holds
        ['The Salt Roads of Anatolia', 'Ilkay Demir', '31907002215564', '04/09/2025', 0, 0],
        ['The Anatolian Kitchen', 'Sevim Arslan', '31907002215572', '04/09/2025', 2, 0],
        ['Salt Roads: A Memoir', 'June Arkwright', '31907001893310', '04/22/2025', 1, 0]],
        'other_loans': [['Salt Marsh Birds of the Atlantic', 'R. Okafor', '31907000412287', '04/09/2025', 0, 0]],
        'fines': [  # id, kind, title, barcode, date, amount, status
        ['F-88120', 'Overdue', 'Night Ferry to Tallinn', '31907000764418', '03/31/2025', '0.75', 'Outstanding'],
        ['F-87950', 'Overdue', 'The Night Ferry', '31907000551209', '02/14/2025', '0.50', 'Outstanding'],
        ['F-88102', 'Lost card replacement', '', '', '03/02/2025', '2.00', 'Outstanding']],
        'loan_filter': 'All loans', 'modal': None, 'no_waive_btn': False}


def balance(S):
    return sum(float(f[5]) for f in S['fines'] if f[6] == 'Outstanding')


def chrome(S, ctx, crumbs, content, search=''):
    bc = [N('list', '', [N('listitem', '', [link(c, p)]) if p else N('listitem', '', [T(c)]) for c, p in crumbs])]
    body = [
        N('banner', '', [
            link('Shelfmark Circulation', '/circ', key='home'),
            T('Marrowby County Library · Eastgate Branch'),
            N('search', '', [N('textbox', 'Search patrons, items, barcodes', key='gsearch', value=search),
                             N('button', 'Search', key='gsearch_btn')]),
            N('button', 'Messages, %d unread' % ctx['unread'], props=["hasPopup='menu'"]),
            T(ctx['clock']),
            N('button', 'Priya Castellanos', props=["hasPopup='menu'"])]),
        N('navigation', 'Main', [
            link('Dashboard', '/circ', key='nav_dash'), link('Check out', '/circ/checkout'),
            link('Check in', '/circ/checkin'), link('Patrons', '/patrons', key='nav_patrons'),
            link('Items', '/items', key='nav_items'), link('Fines & fees', '/fines'),
            link('Reports', '/reports')]),
        N('main', '', [N('navigation', 'Breadcrumb', bc)] + content),
        N('contentinfo', '', [T('Shelfmark 8.4.2 · Marrowby County Library'), T(ctx['sync']),
                              link('Help', '/help'), link('Privacy', '/privacy')])]
    if S.get('modal'):
        body.append(S['modal']())
    return body


def dashboard(S, ui, ctx):
    due = [('Tomasz Wierzbicki — The Salt Roads of Anatolia', '/patrons/P-20418/loans', 'dash_tw'),
           ('Tomas Wierzbicki — Salt Marsh Birds of the Atlantic', '/patrons/P-20481/loans', 'dash_tw2'),
           ('Hollis Pereira — The Glass Orchard', '/patrons/P-18830/loans', None),
           ('Tomasz Wierzbicki — The Anatolian Kitchen', '/patrons/P-20418/loans', None)]
    content = [
        N('heading', 'Good morning, Priya'),
        T('Tuesday, April 8, 2025 · As of %s' % ctx['clock']),
        N('region', 'Due tomorrow (04/09/2025)', [
            N('list', '', [N('listitem', '', [link(n, p, key=k)]) for n, p, k in due]),
            link('View all 38 due tomorrow', '/reports/due?date=2025-04-09')]),
        N('region', 'Holds to pull', [T('14 holds waiting · 3 in transit'), link('Open pull list', '/holds/pull')]),
        N('region', 'Recently viewed patrons', [N('list', '', [
            N('listitem', '', [link('Teresa Wierzbicka (P-19977)', '/patrons/P-19977')]),
            N('listitem', '', [link('Tomas Wierzbicki (P-20481)', '/patrons/P-20481')]),
            N('listitem', '', [link('Hollis Pereira (P-18830)', '/patrons/P-18830')])])]),
        N('region', 'Branch notices', [T('Book drop 2 is out of order until Thursday. Items returned there may show as overdue — check with the workroom before charging.')])]
    return ('Dashboard · Shelfmark', U('/circ'), chrome(S, ctx, [('Dashboard', None)], content, search=ui.get('gtyped', '')))


def patron_row(pid, key=None):
    n, card, br, st, exp = PAT[pid]
    return N('row', '', [N('cell', '', [link(n, '/patrons/' + pid, key=key)]), N('cell', pid),
                         N('cell', card), N('cell', br), N('cell', st), N('cell', exp)])


def patron_table(pids, keys):
    hdr = N('row', '', [N('columnheader', h) for h in ['Name', 'Patron ID', 'Card', 'Home branch', 'Status', 'Card expires']])
    return N('table', 'Patrons', [hdr] + [patron_row(p, keys.get(p)) for p in pids])


def search_results(S, ui, ctx):
    qv = ui['q']
    pids = ['P-20418'] if qv.isdigit() else ['P-20418', 'P-20481', 'P-19977']
    content = [
        N('heading', "Results for '%s'" % qv),
        T('%d patron%s · 0 items' % (len(pids), '' if len(pids) == 1 else 's')),
        N('group', 'Refine', [N('combobox', 'Sort by', key='sort', value='Relevance', props=["hasPopup='listbox'"]),
                              N('combobox', 'Status', key='status_filter', value='Any status', props=["hasPopup='listbox'"]),
                              N('checkbox', 'Eastgate patrons only', props=["checked='false'"])]),
        patron_table(pids, {'P-20418': 'res_tw', 'P-20481': 'res_tw2', 'P-19977': 'res_teresa'})]
    return ("Search: %s · Shelfmark" % qv, U('/search?q=' + qv.replace(' ', '+')),
            chrome(S, ctx, [('Dashboard', '/circ'), ('Search', None)], content, search=qv))


def patrons_list(S, ui, ctx):
    qv = ui.get('q', '')
    typed = ui.get('typed', qv)
    if qv:
        pids = ['P-20418']
        head = [N('heading', "Results for '%s'" % qv), T('1 patron')]
        url = U('/patrons?q=' + qv)
    else:
        pids = ['P-19977', 'P-20481', 'P-18830x']
        head = [N('heading', 'Patrons'), T('Showing 1–3 of 41,208 · sorted by last activity')]
        url = U('/patrons')
    rows = [p for p in pids if p in PAT]
    tbl = patron_table(rows, {'P-20418': 'list_tw', 'P-20481': 'list_tw2'})
    if not qv:
        tbl['kids'].append(N('row', '', [N('cell', '', [link('Hollis Pereira', '/patrons/P-18830')]), N('cell', 'P-18830'),
                                         N('cell', '29017002188301'), N('cell', 'Eastgate'), N('cell', 'Active'), N('cell', '06/30/2026')]))
    content = head + [
        N('group', 'Find', [N('textbox', 'Find patron by name, ID or card', key='find', value=typed),
                            N('button', 'Find', key='find_btn')]),
        N('combobox', 'Branch', value='All branches', props=["hasPopup='listbox'"]),
        N('combobox', 'Sort', value='Last activity', props=["hasPopup='listbox'"]),
        tbl, N('navigation', 'Pagination', [N('button', 'Previous', props=['disabled=True']), N('button', 'Next')])]
    return ('Patrons · Shelfmark', url, chrome(S, ctx, [('Dashboard', '/circ'), ('Patrons', None)], content, search=ui.get('gtyped', '')))


def items_page(S, ui, ctx):
    content = [N('heading', 'Items'),
               N('group', 'Find item', [N('textbox', 'Barcode or title', key='item_find', value=ui.get('typed', '')),
                                        N('button', 'Look up', key='item_btn')]),
               T('Scan a barcode or type at least 3 characters of a title.')]
    return ('Items · Shelfmark', U('/items'), chrome(S, ctx, [('Dashboard', '/circ'), ('Items', None)], content))


def item_detail(S, ui, ctx):
    l = S['loans'][0]
    content = [N('heading', l[0]), T('by %s · Barcode %s · Copy 2 of 3' % (l[1], l[2])),
               T('Status: Checked out · Due %s' % l[3]),
               N('group', 'Borrower', [link('Tomasz Wierzbicki (P-20418)', '/patrons/P-20418', key='item_borrower')]),
               T('Holds on title: 0'),
               N('table', 'Other copies', [
                   N('row', '', [N('columnheader', h) for h in ['Barcode', 'Branch', 'Status']]),
                   N('row', '', [N('cell', '31907002215580'), N('cell', 'Eastgate'), N('cell', 'On shelf')]),
                   N('row', '', [N('cell', '31907002215598'), N('cell', 'Northfield'), N('cell', 'Checked out · Due 04/15/2025')])])]
    return ('Item %s – %s · Shelfmark' % (l[2], l[0]), U('/items/' + l[2]),
            chrome(S, ctx, [('Dashboard', '/circ'), ('Items', '/items'), (l[2], None)], content, search=ui.get('gtyped', '')))


def patron_tabs(S, pid, tab):
    nl = len(S['loans']) if pid == 'P-20418' else 1
    bal = balance(S) if pid == 'P-20418' else 0.0
    return N('tablist', '', [
        N('tab', 'Summary', key='tab_summary', props=['selected=True'] if tab == 'summary' else []),
        N('tab', 'Loans (%d)' % nl, key='tab_loans', props=['selected=True'] if tab == 'loans' else []),
        N('tab', 'Holds (1)'),
        N('tab', 'Fines & fees ($%.2f)' % bal, key='tab_fines', props=['selected=True'] if tab == 'fines' else []),
        N('tab', 'History')])


def patron(S, ui, ctx):
    pid = ui.get('pid', 'P-20418')
    tab = ui.get('tab', 'summary')
    n, card, br, st, exp = PAT[pid]
    head = [N('heading', n), T('Patron %s · Card %s' % (pid, card)),
            T('Status: %s · Card expires %s · Home branch: %s' % (st, exp, br))]
    if ui.get('status'):
        head.insert(0, N('status', '', [T(ui['status'])]))
    if ui.get('alert'):
        head.insert(0, N('alert', '', [T(ui['alert'])]))
    if tab == 'summary':
        if pid == 'P-20418':
            note = ("Card expired once in 2023 and was renewed here. Email to this address bounced with an "
                    "error in February; prefers a phone call on (555) 014-2271.")
            body = [N('group', 'Patron note', [T(note), T('— added by D. Kowalczyk, 02/19/2025')]),
                    T('Checked out: 3 · Holds: 1 · Balance: $%.2f' % balance(S)),
                    N('region', 'Recently viewed patrons', [N('list', '', [
                        N('listitem', '', [link('Tomas Wierzbicki (P-20481)', '/patrons/P-20481')]),
                        N('listitem', '', [link('Teresa Wierzbicka (P-19977)', '/patrons/P-19977')])])])]
        else:
            body = [N('group', 'Patron note', [T('Northfield patron. Large-print preference.')]),
                    T('Checked out: 1 · Holds: 0 · Balance: $0.00')]
        title = 'Patron %s – %s · Shelfmark' % (pid, n)
        url = U('/patrons/' + pid)
    elif tab == 'loans':
        loans = S['loans'] if pid == 'P-20418' else S['other_loans']
        flt = S['loan_filter']
        shown = loans if flt == 'All loans' else [l for l in loans if l[3] < '04/08/2025']
        hdr = N('row', '', [N('columnheader', h) for h in ['', 'Title', 'Barcode', 'Due', 'Renewals', '']])
        rows = [hdr]
        for i, l in enumerate(shown):
            btn = N('button', 'Renew %s' % l[0], key='renew_%d' % i,
                    props=['disabled=True'] if l[4] >= 3 else [])
            rows.append(N('row', '', [N('cell', '', [N('checkbox', 'Select %s' % l[0], props=["checked='false'"])]),
                                      N('cell', '%s — %s' % (l[0], l[1])), N('cell', l[2]),
                                      N('cell', 'Due %s' % l[3]), N('cell', '%d of 3' % l[4]), N('cell', '', [btn])]))
        body = [N('group', 'Loan tools', [
            N('combobox', 'Show', key='loan_show', value=flt, props=["hasPopup='listbox'"]),
            N('combobox', 'Sort loans', value='Due date', props=["hasPopup='listbox'"]),
            N('button', 'Renew all'), N('button', 'Renew selected', props=['disabled=True'])]),
            N('table', 'Loans', rows)]
        if not shown:
            body.append(T("No loans match '%s'." % flt))
        if ui.get('dialog') == 'renew':
            l = loans[ui['row']]
            body.append(N('dialog', 'Renew loan', [
                N('heading', 'Renew loan'), T('%s · %s' % (l[0], l[2])),
                N('combobox', 'Loan period', key='period', value=ui.get('period', '21 days (standard)'),
                  props=["hasPopup='listbox'"]),
                T('New due date: 04/30/2025'),
                N('button', 'Confirm renewal', key='confirm_renew'), N('button', 'Cancel', key='cancel_renew')],
                props=['modal=True']))
        title = 'Loans – %s (%s) · Shelfmark' % (n, pid)
        url = U('/patrons/%s/loans' % pid)
    else:  # fines
        hdr = N('row', '', [N('columnheader', h) for h in ['Charge', 'Type', 'Item', 'Date', 'Amount', 'Status', '']])
        rows = [hdr]
        for f in S['fines']:
            acts = []
            if f[6] == 'Outstanding':
                if not (S['no_waive_btn'] and f[0] == 'F-88120'):
                    acts.append(N('button', 'Waive %s' % f[0], key='waive_' + f[0]))
                acts.append(N('button', 'Record payment %s' % f[0], key='pay_' + f[0]))
            acts.append(link('Details', '/patrons/P-20418/fines/' + f[0], key='det_' + f[0]))
            item = '%s (%s)' % (f[2], f[3]) if f[2] else '—'
            rows.append(N('row', '', [N('cell', f[0]), N('cell', f[1]), N('cell', item), N('cell', f[4]),
                                      N('cell', '$' + f[5]), N('cell', f[6]), N('cell', '', acts)]))
        body = [T('Outstanding balance: $%.2f' % balance(S)),
                N('combobox', 'Show charges', value='Outstanding and recent', props=["hasPopup='listbox'"]),
                N('table', 'Charges', rows),
                N('button', 'Pay all outstanding')]
        title = 'Fines & fees – %s (%s) · Shelfmark' % (n, pid)
        url = U('/patrons/%s/fines' % pid)
    content = head + [patron_tabs(S, pid, tab), N('tabpanel', '', body)]
    crumbs = [('Dashboard', '/circ'), ('Patrons', '/patrons'), ('%s (%s)' % (n, pid), None)]
    return (title, url, chrome(S, ctx, crumbs, content, search=ui.get('gtyped', '')))


REASONS = 'Choose a reason'


def waive_form(S, ui, ctx):
    fid = ui.get('fid', 'F-88120')
    f = [x for x in S['fines'] if x[0] == fid][0]
    content = [N('heading', 'Waive charge %s' % fid),
               T('%s – %s · $%s · Tomasz Wierzbicki (P-20418)' % (f[1], f[2], f[5])),
               N('textbox', 'Amount to waive', key='w_amount', value=ui.get('amount', f[5]), props=['required']),
               N('combobox', 'Reason', key='w_reason', value=ui.get('reason', REASONS), props=["hasPopup='listbox'", 'required']),
               N('textbox', 'Staff note', key='w_note', value=ui.get('note', ''), props=['required']),
               N('checkbox', 'Print receipt', key='w_print', props=["checked='%s'" % ui.get('print', 'false')]),
               N('button', 'Waive charge', key='w_save'), link('Cancel', '/patrons/P-20418/fines', key='w_cancel')]
    if ui.get('alert'):
        content.insert(0, N('alert', '', [T(ui['alert'])]))
    crumbs = [('Dashboard', '/circ'), ('Patrons', '/patrons'), ('Tomasz Wierzbicki (P-20418)', '/patrons/P-20418'),
              ('Waive %s' % fid, None)]
    return ('Waive charge %s – Tomasz Wierzbicki · Shelfmark' % fid, U('/patrons/P-20418/fines/%s/waive' % fid),
            chrome(S, ctx, crumbs, content))


def pay_form(S, ui, ctx):
    fid = ui.get('fid', 'F-88120')
    content = [N('heading', 'Record payment for %s' % fid), T('Overdue – Night Ferry to Tallinn · $0.75'),
               N('textbox', 'Amount received', key='p_amount', value=ui.get('amount', '0.75')),
               N('combobox', 'Payment method', key='p_method', value=ui.get('method', 'Cash'), props=["hasPopup='listbox'"]),
               N('button', 'Record payment', key='p_save'), link('Cancel', '/patrons/P-20418/fines')]
    return ('Record payment %s · Shelfmark' % fid, U('/patrons/P-20418/fines/%s/pay' % fid),
            chrome(S, ctx, [('Dashboard', '/circ'), ('Patrons', '/patrons'), ('Record payment', None)], content))


def signin(S, ui, ctx):
    nodes = [N('banner', '', [T('Shelfmark Circulation')]),
             N('main', '', [N('heading', 'Sign in to Shelfmark'),
                            N('status', '', [T('You were signed out after 30 minutes without activity. Unsaved changes were discarded.')]),
                            N('textbox', 'Staff ID', key='si_user', props=['required']),
                            N('textbox', 'Password', key='si_pass', props=['required']),
                            N('checkbox', 'Remember this workstation', props=["checked='false'"]),
                            N('button', 'Sign in', key='si_btn'), link('Forgot password?', '/login/reset')]),
             N('contentinfo', '', [T('Marrowby County Library staff use only')])]
    return ('Sign in to Shelfmark', U('/login?next=' + ui.get('next', '/patrons/P-20418/loans')), nodes)


def denied(S, ui, ctx):
    content = [N('heading', 'Access denied'),
               T("Your role (Circulation Assistant) can't waive charges. Ask a supervisor to approve the waiver, "
                 "or send a waiver request."),
               N('button', 'Send waiver request'), link('Back to Fines & fees', '/patrons/P-20418/fines', key='den_back')]
    return ('Access denied · Shelfmark', U('/patrons/P-20418/fines/F-88120/waive'),
            chrome(S, ctx, [('Dashboard', '/circ'), ('Access denied', None)], content))


def address_modal():
    return N('dialog', 'Verify patron address', [
        N('heading', 'Verify patron address'),
        T('Mail sent to 418 Quarry Lane, Apt 2 was returned on 04/03/2025. Confirm the address with the patron before continuing.'),
        N('textbox', 'Street address', value='418 Quarry Lane, Apt 2'),
        N('button', 'Address confirmed'), N('button', 'Update address')], props=['modal=True'])

# =====================  runs  =====================
import copy

APP = type('App', (), {'new_ctx': staticmethod(new_ctx)})
OP, RN, WV = 'open-patron', 'renew-loan', 'waive-fine'
P = ('P', {})


def mk(tid, fault, variant, desc, seed, start=None, **ui):
    r = Run(APP, 'renew-waive-' + tid, fault, variant, desc, base_state(), seed)
    r.start(start or dashboard, **ui)
    return r


def loans(ui=None):
    d = {'pid': 'P-20418', 'tab': 'loans'}
    d.update(ui or {})
    return (patron, d)


def renew(r, pick_period=False, hover=False):
    if hover:
        r.act(RN, 'hover', 'renew_0', why='Check the row button belongs to The Salt Roads of Anatolia', same=True)
    r.act(RN, 'click', 'renew_0', why="Renew 'The Salt Roads of Anatolia' (31907002215564)", upd={'dialog': 'renew', 'row': 0})
    if pick_period:
        r.act(RN, 'select', 'period', '21 days (standard)', why='Make sure the standard 21-day period is selected',
              effect='write', upd={'period': '21 days (standard)'})

    def m(S):
        S['loans'][0][3] = '04/30/2025'
        S['loans'][0][4] = 1
    r.act(RN, 'click', 'confirm_renew', why='Confirm the renewal', effect='irreversible', mut=m,
          nav=loans({'status': 'Loan renewed. The Salt Roads of Anatolia is now due 04/30/2025.'}))


def waive(r, order=('reason', 'note'), print_receipt=False, via_tab=True, extra_scroll=False):
    if via_tab:
        r.act(WV, 'click', 'tab_fines', why='Open the Fines & fees tab', nav=(patron, {'pid': 'P-20418', 'tab': 'fines'}))
    if extra_scroll:
        r.act(WV, 'scroll', None, 300, why='Scroll to the charges table', same=True)
    r.act(WV, 'click', 'waive_F-88120', why='Waive F-88120, the $0.75 overdue fine for Night Ferry to Tallinn',
          nav=(waive_form, {'fid': 'F-88120'}))
    for f in order:
        if f == 'reason':
            r.act(WV, 'select', 'w_reason', 'Returned in book drop', why='Set the waiver reason', effect='write',
                  upd={'reason': 'Returned in book drop'})
        elif f == 'note':
            r.act(WV, 'fill', 'w_note', NOTE, why='Add the staff note', effect='write', upd={'note': NOTE})
        elif f == 'amount':
            r.act(WV, 'fill', 'w_amount', '0.75', why='Amount should be the full $0.75', effect='write', upd={'amount': '0.75'})
    if print_receipt:
        r.act(WV, 'click', 'w_print', why='Patron asked for a receipt', effect='write', upd={'print': 'true'})


def save_waiver(r):
    def m(S):
        S['fines'][0][6] = 'Waived'
    r.act(WV, 'click', 'w_save', why='Save the waiver', effect='irreversible', mut=m,
          nav=(patron, {'pid': 'P-20418', 'tab': 'fines', 'status': 'Charge F-88120 waived ($0.75). Outstanding balance: $2.50.'}))


def global_search(r, text, enter=True):
    r.act(OP, 'fill', 'gsearch', text, why='Search for the patron', upd={'gtyped': text})
    if enter:
        r.act(OP, 'press', 'gsearch', 'Enter', why='Run the search', nav=(search_results, {'q': text}))
    else:
        r.act(OP, 'click', 'gsearch_btn', why='Run the search', nav=(search_results, {'q': text}))


def healthy():
    out = []
    # H1: global search by name + Enter, reason then note, final report
    r = mk('healthy-01', None, 'global-search', 'Global search by surname, results, patron, loans tab.', 101)
    global_search(r, 'wierzbicki')
    r.act(OP, 'click', 'res_tw', why='Open Tomasz Wierzbicki, P-20418, card ending 8832', nav=(patron, {'pid': 'P-20418'}))
    r.act(RN, 'click', 'tab_loans', why='Open the loans tab', nav=loans())
    renew(r)
    waive(r)
    save_waiver(r)
    r.act(WV, 'send_msg_to_user', None, "Renewed 'The Salt Roads of Anatolia' (now due 04/30/2025) and waived F-88120 ($0.75).",
          why='Report back').done(True)
    out.append(r)
    # H2: Patrons menu, find by patron id, note then reason, explicit period
    r = mk('healthy-02', None, 'patrons-menu', 'Patrons menu, find by ID, fields in the other order.', 102)
    r.act(OP, 'click', 'nav_patrons', why='Go to the Patrons list', nav=(patrons_list, {}))
    r.act(OP, 'fill', 'find', 'P-20418', why='Look the patron up by ID', upd={'typed': 'P-20418'})
    r.act(OP, 'click', 'find_btn', why='Find', nav=(patrons_list, {'q': 'P-20418'}))
    r.act(OP, 'click', 'list_tw', why='Open the matching patron', nav=(patron, {'pid': 'P-20418'}))
    r.act(RN, 'click', 'tab_loans', why='Loans tab', nav=loans())
    renew(r, pick_period=True)
    waive(r, order=('note', 'reason'))
    save_waiver(r)
    r.done(True)
    out.append(r)
    # H3: dashboard widget straight to loans, hover + scroll, print receipt
    r = mk('healthy-03', None, 'dashboard-widget', 'Due-tomorrow widget link straight to the loans tab; hover and scroll.', 103)
    r.act(OP, 'scroll', None, 400, why='Look at the Due tomorrow widget', same=True)
    r.act(OP, 'click', 'dash_tw', why="Tomasz Wierzbicki's loan of The Salt Roads of Anatolia is due tomorrow", nav=loans())
    renew(r, hover=True)
    waive(r, order=('reason', 'note'), print_receipt=True, extra_scroll=True)
    save_waiver(r)
    r.done(True)
    out.append(r)
    # H4: direct URL to the loans tab, noop, amount re-typed
    r = mk('healthy-04', None, 'direct-url', 'Direct URL to the loans tab; a noop while the page settles.', 104)
    r.act(OP, 'goto', None, U('/patrons/P-20418/loans'), why='Open the patron loans directly', nav=loans())
    r.act(RN, 'noop', None, why='Wait for the loans table', same=True)
    renew(r)
    waive(r, order=('amount', 'note', 'reason'))
    save_waiver(r)
    r.act(WV, 'send_msg_to_user', None, 'Done: loan renewed to 04/30/2025, F-88120 waived ($0.75, Returned in book drop).',
          why='Report back').done(True)
    out.append(r)
    # H5: global search by card number with the Search button; summary then tabs
    r = mk('healthy-05', None, 'card-search', 'Global search by card number, Search button, hover on the note.', 105)
    global_search(r, '29017004418832', enter=False)
    r.act(OP, 'scroll', None, 250, why='See the match', same=True)
    r.act(OP, 'click', 'res_tw', why='Card 29017004418832 is the right patron', nav=(patron, {'pid': 'P-20418'}))
    r.act(OP, 'scroll', None, 300, why='Read the patron note', same=True)
    r.act(RN, 'click', 'tab_loans', why='Loans tab', nav=loans())
    renew(r)
    waive(r, order=('note', 'reason'))
    save_waiver(r)
    r.done(True)
    out.append(r)
    # H6: Items menu, barcode lookup, borrower link
    r = mk('healthy-06', None, 'item-lookup', 'Items menu, barcode lookup, borrower link to the patron.', 106)
    r.act(OP, 'click', 'nav_items', why='Look the item up by barcode', nav=(items_page, {}))
    r.act(OP, 'fill', 'item_find', '31907002215564', why='Type the barcode', upd={'typed': '31907002215564'})
    r.act(OP, 'press', 'item_find', 'Enter', why='Look up', nav=(item_detail, {}))
    r.act(OP, 'click', 'item_borrower', why='Open the borrower', nav=(patron, {'pid': 'P-20418'}))
    r.act(RN, 'click', 'tab_loans', why='Loans tab', nav=loans())
    renew(r, pick_period=True)
    waive(r, order=('reason', 'note'))
    save_waiver(r)
    r.done(True)
    out.append(r)
    return out


def blocked(bid):
    return ('TimeoutError: Locator.click: Timeout 500ms exceeded.\nCall log:\n  - waiting for get_by_test_id("%s")\n'
            '  -   locator resolved to <div role="tab" bid="%s">\n  - attempting click action\n'
            '  -   <div class="sm-modal-backdrop"></div> intercepts pointer events\n  - retrying click action' % (bid, bid))


def faulty():
    out = []
    # wrong_record-01: opens the near-miss patron Tomas Wierzbicki (P-20481)
    r = mk('wrong_record-01', 'wrong_record', 'near-miss-patron', 'Opens Tomas Wierzbicki (P-20481) from the results.', 201)
    global_search(r, 'wierzbicki')
    r.mark().act(OP, 'click', 'res_tw2', why='Open Tomas Wierzbicki', nav=(patron, {'pid': 'P-20481'}))
    r.act(RN, 'click', 'tab_loans', why='Open the loans tab', nav=(patron, {'pid': 'P-20481', 'tab': 'loans'}))
    r.act(RN, 'scroll', None, 400, why='Look for The Salt Roads of Anatolia', same=True)
    r.act(RN, 'send_msg_to_user', None, "The patron has no loan of 'The Salt Roads of Anatolia'; nothing to renew.",
          why='Report that the loan is missing').done(False)
    out.append(r)
    # wrong_record-02: renews the near-miss loan The Anatolian Kitchen (…5572)
    r = mk('wrong_record-02', 'wrong_record', 'near-miss-loan', 'Renews The Anatolian Kitchen (31907002215572) instead.', 202)
    r.act(OP, 'click', 'dash_tw', why='Due-tomorrow widget: Tomasz Wierzbicki', nav=loans())
    r.mark().act(RN, 'click', 'renew_1', why='Renew the Anatolia loan due 04/09/2025', upd={'dialog': 'renew', 'row': 1})

    def m(S):
        S['loans'][1][3] = '04/30/2025'
        S['loans'][1][4] = 3
    r.act(RN, 'click', 'confirm_renew', why='Confirm the renewal', effect='irreversible', mut=m,
          nav=loans({'status': 'Loan renewed. The Anatolian Kitchen is now due 04/30/2025.'}))
    r.act(WV, 'click', 'tab_fines', why='Now the fine', nav=(patron, {'pid': 'P-20418', 'tab': 'fines'}))
    r.done(False)
    out.append(r)
    # session_expired-01: sign-in page after opening the loans tab
    r = mk('session_expired-01', 'session_expired', 'signed-out', 'Sign-in page appears when the loans tab loads.', 203)
    r.act(OP, 'click', 'nav_patrons', why='Patrons list', nav=(patrons_list, {}))
    r.act(OP, 'fill', 'find', 'P-20418', why='Find by ID', upd={'typed': 'P-20418'})
    r.act(OP, 'press', 'find', 'Enter', why='Find', nav=(patrons_list, {'q': 'P-20418'}))
    r.act(OP, 'click', 'list_tw', why='Open the patron', nav=(patron, {'pid': 'P-20418'}))
    r.mark().act(RN, 'click', 'tab_loans', why='Loans tab', nav=(signin, {'next': '/patrons/P-20418/loans'}))
    r.act(RN, 'noop', None, why='Wait for the loans table to appear', same=True)
    r.act(RN, 'send_msg_to_user', None, 'The loans tab did not load; I could not renew the loan.', why='Report').done(False)
    out.append(r)
    # stale_filter-01: loans list still filtered to 'Overdue only'
    r = mk('stale_filter-01', 'stale_filter', 'loans-overdue-only', "Loans tab opens with the 'Show: Overdue only' filter from an earlier session.", 204)
    r.S['loan_filter'] = 'Overdue only'
    r.mark().act(OP, 'goto', None, U('/patrons/P-20418/loans'), why='Open the patron loans directly', nav=loans())
    r.act(RN, 'scroll', None, 400, why='Look for the loan', same=True)
    r.act(RN, 'send_msg_to_user', None, "Tomasz Wierzbicki has no loan of 'The Salt Roads of Anatolia' to renew.",
          why='Report').done(False)
    out.append(r)
    # missing_control-01: no Waive button on F-88120
    r = mk('missing_control-01', 'missing_control', 'no-waive-button', 'F-88120 row shows Record payment and Details but no Waive.', 205)
    r.S['no_waive_btn'] = True
    global_search(r, 'wierzbicki')
    r.act(OP, 'click', 'res_tw', why='Open Tomasz Wierzbicki', nav=(patron, {'pid': 'P-20418'}))
    r.act(RN, 'click', 'tab_loans', why='Loans tab', nav=loans())
    renew(r)
    r.mark().act(WV, 'click', 'tab_fines', why='Fines tab', nav=(patron, {'pid': 'P-20418', 'tab': 'fines'}))
    r.act(WV, 'hover', 'pay_F-88120', why='Look for a waive option on the row', same=True)
    r.act(WV, 'scroll', None, 300, why='Look for a waive option', same=True)
    r.act(WV, 'send_msg_to_user', None, 'Loan renewed to 04/30/2025. I could not find how to waive F-88120.', why='Report').done(False)
    out.append(r)
    # wrong_banner-01: renewal rejected with an error banner
    r = mk('wrong_banner-01', 'wrong_banner', 'record-locked', 'Confirm renewal returns an error alert; the due date stays 04/09/2025.', 206)
    r.act(OP, 'click', 'dash_tw', why='Due-tomorrow widget', nav=loans())
    r.act(RN, 'click', 'renew_0', why='Renew The Salt Roads of Anatolia', upd={'dialog': 'renew', 'row': 0})
    r.mark().act(RN, 'click', 'confirm_renew', why='Confirm', effect='irreversible',
                 nav=loans({'alert': 'Renewal not saved. Error 409: the item record is locked by another workstation (EASTGATE-CIRC-03). Try again in a minute.'}))
    r.act(WV, 'click', 'tab_fines', why='On to the fine', nav=(patron, {'pid': 'P-20418', 'tab': 'fines'}))
    waive(r, via_tab=False)
    save_waiver(r)
    r.done(False)
    out.append(r)
    # silent_noop-01: Waive charge does nothing
    r = mk('silent_noop-01', 'silent_noop', 'save-does-nothing', 'Waive charge click leaves the form unchanged, twice.', 207)
    r.act(OP, 'goto', None, U('/patrons/P-20418/loans'), why='Open loans directly', nav=loans())
    renew(r)
    waive(r)
    r.mark().act(WV, 'click', 'w_save', why='Save the waiver', effect='irreversible', same=True)
    r.act(WV, 'click', 'w_save', why='Click again, nothing seemed to happen', effect='irreversible', same=True)
    r.act(WV, 'send_msg_to_user', None, 'Renewed the loan and waived F-88120.', why='Report').done(False)
    out.append(r)
    # permission_denied-01
    r = mk('permission_denied-01', 'permission_denied', 'role-cannot-waive', 'Waive opens an Access denied page for the Circulation Assistant role.', 208)
    global_search(r, 'wierzbicki', enter=False)
    r.act(OP, 'click', 'res_tw', why='Open Tomasz Wierzbicki', nav=(patron, {'pid': 'P-20418'}))
    r.act(RN, 'click', 'tab_loans', why='Loans tab', nav=loans())
    renew(r)
    r.act(WV, 'click', 'tab_fines', why='Fines tab', nav=(patron, {'pid': 'P-20418', 'tab': 'fines'}))
    r.mark().act(WV, 'click', 'waive_F-88120', why='Waive F-88120', nav=(denied, {}))
    r.act(WV, 'click', 'den_back', why='Go back to the charges', nav=(patron, {'pid': 'P-20418', 'tab': 'fines'}))
    r.done(False)
    out.append(r)
    # plan_drift-01: records a payment instead of waiving
    r = mk('plan_drift-01', 'plan_drift', 'pay-instead-of-waive', 'Agent records a $0.75 cash payment for F-88120 instead of a waiver.', 209)
    r.act(OP, 'click', 'dash_tw', why='Due-tomorrow widget', nav=loans())
    renew(r)
    r.act(WV, 'click', 'tab_fines', why='Fines tab', nav=(patron, {'pid': 'P-20418', 'tab': 'fines'}))
    r.mark().act(WV, 'click', 'pay_F-88120', why='Clear the $0.75 fine on F-88120', nav=(pay_form, {'fid': 'F-88120'}))

    def m2(S):
        S['fines'][0][6] = 'Paid'
    r.act(WV, 'click', 'p_save', why='Save', effect='irreversible', mut=m2,
          nav=(patron, {'pid': 'P-20418', 'tab': 'fines', 'status': 'Payment of $0.75 recorded for F-88120 (Cash). Outstanding balance: $2.50.'}))
    r.act(WV, 'send_msg_to_user', None, 'Loan renewed and F-88120 cleared.', why='Report').done(False)
    out.append(r)
    # interstitial-01: address verification modal blocks the patron page
    r = mk('interstitial-01', 'interstitial', 'address-modal', 'A Verify patron address modal covers the patron page; tab clicks are intercepted.', 210)
    global_search(r, 'wierzbicki')

    def m3(S):
        S['modal'] = address_modal
    r.mark().act(OP, 'click', 'res_tw', why='Open Tomasz Wierzbicki', mut=m3, nav=(patron, {'pid': 'P-20418'}))
    b = r.keymap['tab_loans'][0]
    r.act(RN, 'click', 'tab_loans', why='Loans tab', same=True, error=blocked(b))
    r.act(RN, 'click', 'tab_loans', why='Try the loans tab again', same=True, error=blocked(b))
    r.act(RN, 'send_msg_to_user', None, 'The loans tab is not responding.', why='Report').done(False)
    out.append(r)
    return out


def main():
    runs = healthy() + faulty()
    os.makedirs(os.path.join(HERE, 'plans'), exist_ok=True)
    with open(os.path.join(HERE, 'plans', WORKFLOW + '.yaml'), 'w') as f:
        f.write(PLAN_YAML)
    with open(os.path.join(HERE, 'corpus.jsonl'), 'w') as f:
        for r in runs:
            f.write(json.dumps(r.record(WORKFLOW, TASK, 'plans/%s.yaml' % WORKFLOW), ensure_ascii=False) + '\n')
    print('wrote %d trajectories' % len(runs))


if __name__ == '__main__':
    main()
