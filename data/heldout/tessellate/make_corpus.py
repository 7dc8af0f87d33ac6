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

# =====================  Tessellate Cloud console (hosting)  =====================
WORKFLOW = 'db-resize'
HOST = 'https://console.tessellate.example'
PRJ = 'ledgerline-prod'
TASK = ("In the Tessellate Cloud console, resize the managed PostgreSQL instance pg-orders-prod in project "
        "ledgerline-prod (region eu-central-2) from standard-4 (4 vCPU, 16 GiB) to standard-8 (8 vCPU, 32 GiB), "
        "apply the change immediately rather than in the maintenance window, and confirm the resize.")

# Written from the task and the healthy pages, before any faulty run existed. Not edited afterwards.
PLAN_YAML = '''task: "%s"
plan_falsifiers:
  execution:
    - Sign in to Tessellate
    - Your session has expired
    - You don't have permission
commitments:
  - id: open-instance
    subgoal: Open the database instance pg-orders-prod in ledgerline-prod
    skill: open_resource
    confidence: 0.8
    confirm:
      precondition: [Tessellate Cloud, "Project: ledgerline-prod"]
      progress: [Database instances, "Results for 'pg-orders-prod'"]
      completion: [pg-orders-prod, "PostgreSQL 15.6 · eu-central-2 · Running", "Machine class: standard-4 (4 vCPU, 16 GiB)"]
    falsify:
      execution: [pg-orders-prod-replica-1, pg-orders-staging, ledgerline-dev, us-east-1, No instances match]
      skill: [Search is unavailable]
      planning: [Instance is stopped]
  - id: configure-resize
    subgoal: Choose standard-8 and apply immediately
    skill: fill_form
    confidence: 0.7
    confirm:
      precondition: [Resize pg-orders-prod]
      progress: [standard-8 (8 vCPU, 32 GiB), Immediately]
      completion: [Review resize, "Estimated cost: €624.80/month"]
    falsify:
      execution: [highmem-8, standard-2, During the next maintenance window]
      skill: [No Resize button, Resize is disabled]
      planning: [Storage must be increased first]
  - id: confirm-resize
    subgoal: Confirm the resize and see it start
    skill: confirm_dialog
    confidence: 0.6
    confirm:
      precondition: [Confirm resize of pg-orders-prod]
      progress: [standard-4 → standard-8]
      completion: [Resize of pg-orders-prod to standard-8 started, Modifying]
    falsify:
      execution: ["Error: resize failed", Quota exceeded, Resize scheduled]
      skill: [Resize instance button is disabled]
      planning:
        - {text: Restart, "on": action}
        - {text: Delete instance, "on": action}
''' % TASK


def U(p):
    return HOST + p


def link(name, path, key=None):
    return N('link', name, key=key, props=["url=%s" % q(U(path))])


def new_ctx(rng, loadno):
    minute = 14 * 60 + 2 + loadno
    h, m = divmod(minute, 60)
    return {'seed': rng.randint(1, 10 ** 9), 'clock': 'UTC %02d:%02d' % (h, m),
            'refreshed': rng.choice(['Refreshed just now', 'Refreshed 12 s ago', 'Refreshed 40 s ago', 'Refreshed 1 min ago']),
            'unread': rng.randint(1, 9), 'cpu': rng.randint(81, 93), 'conns': rng.randint(190, 240)}


INST = [  # name, engine, class, region, status, project
    ('pg-orders-prod', 'PostgreSQL 15.6', 'standard-4', 'eu-central-2', 'Running'),
    ('pg-orders-prod-replica-1', 'PostgreSQL 15.6 (read replica)', 'standard-4', 'eu-central-2', 'Running'),
    ('pg-orders-staging', 'PostgreSQL 15.6', 'standard-2', 'eu-central-2', 'Running'),
    ('pg-ordersync-prod', 'PostgreSQL 14.11', 'standard-2', 'eu-west-1', 'Running'),
    ('mysql-orders-archive', 'MySQL 8.0', 'standard-2', 'eu-central-2', 'Stopped'),
    ('redis-sessions-prod', 'Redis 7.2', 'standard-2', 'eu-central-2', 'Running')]


def base_state():
    return {'cls': 'standard-4', 'status': 'Running', 'status_filter': 'All statuses', 'no_resize': False,
            'modal': None, 'project': PRJ}


def chrome(S, ctx, crumbs, content, search='', project=PRJ):
    bc = N('navigation', 'Breadcrumb', [N('list', '', [N('listitem', '', [link(c, p)]) if p else N('listitem', '', [T(c)])
                                                       for c, p in crumbs])])
    body = [
        N('banner', '', [
            link('Tessellate Cloud', '/console?project=' + project, key='home'),
            N('button', 'Project: %s' % project, props=["hasPopup='menu'"]),
            N('search', '', [N('combobox', 'Search resources, docs and settings', key='gsearch', value=search,
                               props=["hasPopup='listbox'", 'expanded=False'])]),
            T(ctx['clock']),
            N('button', 'Notifications, %d unread' % ctx['unread'], props=["hasPopup='dialog'"]),
            N('button', 'Help'), N('button', 'Rafael Nkemelu', props=["hasPopup='menu'"])]),
        N('navigation', 'Services', [
            link('Home', '/console?project=' + project, key='nav_home'),
            link('Compute', '/projects/%s/compute' % project), link('Databases', '/projects/%s/databases' % project, key='nav_db'),
            link('Storage', '/projects/%s/storage' % project), link('Networking', '/projects/%s/networking' % project),
            link('IAM', '/projects/%s/iam' % project), link('Billing', '/billing')]),
        N('main', '', [bc] + content),
        N('contentinfo', '', [T('© 2025 Tessellate Cloud'), link('Status', '/status'), link('Terms', '/terms'),
                              T('Console v2025.04.1')])]
    if S.get('modal'):
        body.append(S['modal']())
    return body


def home(S, ui, ctx):
    content = [
        N('heading', 'Welcome back, Rafael'),
        N('region', 'Recently viewed', [N('list', '', [
            N('listitem', '', [link('pg-orders-prod-replica-1', '/projects/%s/databases/pg-orders-prod-replica-1' % PRJ, key='rv_replica'),
                               T('Database · 2 hours ago')]),
            N('listitem', '', [link('pg-orders-prod', '/projects/%s/databases/pg-orders-prod' % PRJ, key='rv_prod'),
                               T('Database · yesterday')]),
            N('listitem', '', [link('pg-orders-staging', '/projects/%s/databases/pg-orders-staging' % PRJ), T('Database · 3 days ago')])])]),
        N('region', 'Active alerts (2)', [N('list', '', [
            N('listitem', '', [link('pg-orders-prod: CPU above 85% for 15 min', '/projects/%s/databases/pg-orders-prod?tab=metrics' % PRJ, key='alert_prod')]),
            N('listitem', '', [link('pg-orders-prod-replica-1: replication lag 42 s', '/projects/%s/databases/pg-orders-prod-replica-1' % PRJ)])])]),
        N('region', 'Billing', [T('Month-to-date: €1,284.17'), T('Forecast: €2,910.00')]),
        T(ctx['refreshed'])]
    return ('Home – ledgerline-prod – Tessellate Cloud', U('/console?project=' + PRJ),
            chrome(S, ctx, [('Home', None)], content, search=ui.get('typed', '')))


def search_results(S, ui, ctx):
    qv = ui['q']
    content = [N('heading', "Results for '%s'" % qv), T('4 resources · 2 docs'),
               N('combobox', 'Resource type', value='All types', props=["hasPopup='listbox'"]),
               N('combobox', 'Sort', value='Best match', props=["hasPopup='listbox'"]),
               N('list', 'Resources', [
                   N('listitem', '', [link('pg-orders-prod', '/projects/%s/databases/pg-orders-prod' % PRJ, key='res_prod'),
                                      T('Database instance · ledgerline-prod · eu-central-2')]),
                   N('listitem', '', [link('pg-orders-prod-replica-1', '/projects/%s/databases/pg-orders-prod-replica-1' % PRJ, key='res_replica'),
                                      T('Database instance · ledgerline-prod · eu-central-2')]),
                   N('listitem', '', [link('pg-orders-prod', '/projects/ledgerline-dev/databases/pg-orders-prod', key='res_dev'),
                                      T('Database instance · ledgerline-dev · us-east-1')]),
                   N('listitem', '', [link('pg-orders-prod-nightly', '/projects/%s/storage/backups/pg-orders-prod-nightly' % PRJ),
                                      T('Backup schedule · ledgerline-prod')])]),
               N('list', 'Docs', [N('listitem', '', [link('Resizing database instances', '/docs/databases/resize')]),
                                  N('listitem', '', [link('Maintenance windows', '/docs/databases/maintenance')])])]
    return ("Search: %s – Tessellate Cloud" % qv, U('/search?q=' + qv),
            chrome(S, ctx, [('Home', '/console?project=' + PRJ), ('Search', None)], content, search=qv))


def db_list(S, ui, ctx):
    qv = ui.get('q', '')
    flt = S['status_filter']
    rows = [i for i in INST if (not qv or qv in i[0]) and (flt == 'All statuses' or i[4] == flt)]
    hdr = N('row', '', [N('columnheader', 'Name, sorted ascending', props=["sort='ascending'"]), N('columnheader', 'Engine'),
                        N('columnheader', 'Class'), N('columnheader', 'Region'), N('columnheader', 'Status')])
    trs = [hdr] + [N('row', '', [N('cell', '', [link(i[0], '/projects/%s/databases/%s' % (PRJ, i[0]), key='row_' + i[0])]),
                                 N('cell', i[1]), N('cell', i[2] if i[0] != 'pg-orders-prod' else S['cls']), N('cell', i[3]),
                                 N('cell', i[4] if i[0] != 'pg-orders-prod' else S['status'])]) for i in rows]
    if qv:
        count = "Showing %d of 6 instances matching '%s'" % (len(rows), qv)
    else:
        count = 'Showing %d of 6 instances' % len(rows)
    content = [N('heading', 'Database instances'),
               N('button', 'Create instance'),
               N('group', 'Filters', [
                   N('textbox', 'Filter instances by name', key='dbfilter', value=ui.get('typed', qv)),
                   N('combobox', 'Engine', value='All engines', props=["hasPopup='listbox'"]),
                   N('combobox', 'Status', key='status_f', value=flt, props=["hasPopup='listbox'"]),
                   N('combobox', 'Region', value='All regions', props=["hasPopup='listbox'"])]),
               T(count), N('table', 'Instances', trs)]
    if not rows:
        content.append(T('No instances match the current filters.'))
    content.append(T(ctx['refreshed']))
    return ('Database instances – ledgerline-prod – Tessellate Cloud', U('/projects/%s/databases' % PRJ + ('?q=' + qv if qv else '')),
            chrome(S, ctx, [('Home', '/console?project=' + PRJ), ('Databases', None)], content))


def instance(S, ui, ctx):
    name = ui.get('name', 'pg-orders-prod')
    prj = ui.get('project', PRJ)
    region = 'us-east-1' if prj != PRJ else 'eu-central-2'
    cls = S['cls'] if (name == 'pg-orders-prod' and prj == PRJ) else 'standard-4'
    st = S['status'] if (name == 'pg-orders-prod' and prj == PRJ) else 'Running'
    spec = {'standard-4': '4 vCPU, 16 GiB', 'standard-8': '8 vCPU, 32 GiB', 'highmem-8': '8 vCPU, 64 GiB'}[cls]
    eng = 'PostgreSQL 15.6 (read replica)' if 'replica' in name else 'PostgreSQL 15.6'
    acts = []
    if not S['no_resize']:
        acts.append(N('button', 'Resize', key='resize'))
    acts += [N('button', 'Restart'), N('button', 'Create replica'),
             N('button', 'More actions', key='more', props=["hasPopup='menu'", 'expanded=%s' % bool(ui.get('menu'))])]
    content = []
    if ui.get('status'):
        content.append(N('status', '', [T(ui['status'])]))
    if ui.get('alert'):
        content.append(N('alert', '', [T(ui['alert'])]))
    content += [N('heading', name), T('%s · %s · %s' % (eng, region, st)), N('toolbar', 'Instance actions', acts)]
    if ui.get('menu'):
        content.append(N('menu', 'More actions', [N('menuitem', 'Edit labels'), N('menuitem', 'Export data'),
                                                  N('menuitem', 'Stop instance'), N('menuitem', 'Delete instance')]))
    desc = ('Primary for the orders service. 03/28: replica lag error after an expired TLS cert rotation — '
            'fixed by @dana, see INC-2231.') if name == 'pg-orders-prod' else 'Managed by the payments team.'
    content += [
        N('tablist', '', [N('tab', 'Overview', props=['selected=True']), N('tab', 'Metrics'), N('tab', 'Backups'),
                          N('tab', 'Configuration'), N('tab', 'Logs')]),
        N('tabpanel', 'Overview', [
            T('Machine class: %s (%s)' % (cls, spec)), T('Storage: 500 GiB SSD (62% used)'),
            T('Maintenance window: Sun 02:00–03:00 UTC'), T('Project: %s' % prj),
            N('group', 'Live metrics', [T('CPU %d%%' % ctx['cpu']), T('Connections %d' % ctx['conns']), T(ctx['refreshed'])]),
            N('group', 'Description', [T(desc)]),
            N('group', 'Labels', [T('team=payments'), T('tier=prod' if 'staging' not in name else 'tier=staging')]),
            N('table', 'Recent activity', [
                N('row', '', [N('columnheader', h) for h in ['Time', 'Event', 'By']]),
                N('row', '', [N('cell', 'Apr 7, 22:14 UTC'), N('cell', 'Automated backup completed'), N('cell', 'system')]),
                N('row', '', [N('cell', 'Mar 28, 09:40 UTC'), N('cell', 'TLS certificate rotated'), N('cell', 'dana.ortiz')])])])]
    title = '%s – Databases – %s – Tessellate Cloud' % (name, prj)
    return (title, U('/projects/%s/databases/%s' % (prj, name)),
            chrome(S, ctx, [('Home', '/console?project=' + prj), ('Databases', '/projects/%s/databases' % prj), (name, None)],
                   content, project=prj))


CLASSES = [('standard-2', 'standard-2 (2 vCPU, 8 GiB)', '€156.20'), ('standard-4', 'standard-4 (4 vCPU, 16 GiB) — current', '€312.40'),
           ('standard-8', 'standard-8 (8 vCPU, 32 GiB)', '€624.80'), ('highmem-8', 'highmem-8 (8 vCPU, 64 GiB)', '€811.60')]


def resize_form(S, ui, ctx):
    name = ui.get('name', 'pg-orders-prod')
    prj = ui.get('project', PRJ)
    cls = ui.get('cls', 'standard-4')
    timing = ui.get('timing', 'window')
    ack = ui.get('ack', False)
    radios = [N('radio', lab, key='cls_' + c, props=["checked='%s'" % ('true' if c == cls else 'false')]) for c, lab, _ in CLASSES]
    cost = [p for c, _, p in CLASSES if c == cls][0]
    ready = cls != 'standard-4' and (timing == 'window' or ack)
    content = [N('heading', 'Resize %s' % name), T('Current: standard-4 (4 vCPU, 16 GiB) · %s' % ('us-east-1' if prj != PRJ else 'eu-central-2')),
               N('radiogroup', 'Machine class', radios),
               T('Estimated cost: %s/month' % cost),
               N('radiogroup', 'Apply change', [
                   N('radio', 'During the next maintenance window (Sun 02:00 UTC)', key='t_window',
                     props=["checked='%s'" % ('true' if timing == 'window' else 'false')]),
                   N('radio', 'Immediately (restart, about 2 minutes of downtime)', key='t_now',
                     props=["checked='%s'" % ('true' if timing == 'now' else 'false')])]),
               N('checkbox', 'I understand the instance will restart', key='ack', props=["checked='%s'" % ('true' if ack else 'false')]),
               N('button', 'Review resize', key='review', props=[] if ready else ['disabled=True']),
               link('Cancel', '/projects/%s/databases/%s' % (prj, name), key='cancel')]
    if ui.get('dialog'):
        typed = ui.get('typed', '')
        content.append(N('dialog', 'Confirm resize of %s' % name, [
            N('heading', 'Confirm resize of %s' % name),
            T('standard-4 → %s · %s' % (cls, 'Applies immediately' if timing == 'now' else 'Applies Sun 02:00 UTC')),
            N('textbox', 'Type the instance name to confirm', key='confirm_name', value=typed),
            N('button', 'Resize instance', key='do_resize', props=[] if typed == name else ['disabled=True']),
            N('button', 'Back', key='back')], props=['modal=True']))
    return ('Resize %s – Tessellate Cloud' % name, U('/projects/%s/databases/%s/resize' % (prj, name)),
            chrome(S, ctx, [('Home', '/console?project=' + prj), ('Databases', '/projects/%s/databases' % prj),
                            (name, '/projects/%s/databases/%s' % (prj, name)), ('Resize', None)], content, project=prj))


def signin(S, ui, ctx):
    nodes = [N('banner', '', [T('Tessellate Cloud')]),
             N('main', '', [N('heading', 'Sign in to Tessellate'),
                            T('For your security we signed you out. Sign in again to continue to the console.'),
                            N('textbox', 'Work email', key='si_email', props=['required']),
                            N('button', 'Continue', key='si_btn'), N('button', 'Sign in with SSO'),
                            link('Create an account', '/signup')]),
             N('contentinfo', '', [link('Privacy', '/privacy'), link('Terms', '/terms')])]
    return ('Sign in to Tessellate', U('/signin?continue=%2Fprojects%2Fledgerline-prod%2Fdatabases%2Fpg-orders-prod%2Fresize'), nodes)


def denied(S, ui, ctx):
    content = [N('heading', 'Permission required'),
               T("You can't resize pg-orders-prod. Your role Database Viewer is missing databases.instances.update "
                 "on project ledgerline-prod."),
               N('button', 'Request access'), link('Back to pg-orders-prod', '/projects/%s/databases/pg-orders-prod' % PRJ, key='den_back')]
    return ('Permission required – Tessellate Cloud', U('/projects/%s/databases/pg-orders-prod/resize' % PRJ),
            chrome(S, ctx, [('Home', '/console?project=' + PRJ), ('Databases', '/projects/%s/databases' % PRJ), ('Resize', None)], content))


def maint_modal():
    return N('dialog', 'Planned maintenance in eu-central-2', [
        N('heading', 'Planned maintenance in eu-central-2'),
        T('Database control-plane operations may be delayed between 14:00 and 16:00 UTC today. Running instances are not affected.'),
        N('checkbox', "Don't show this again", props=["checked='false'"]),
        N('button', 'Acknowledge'), link('View status page', '/status')], props=['modal=True'])

# =====================  runs  =====================
APP = type('App', (), {'new_ctx': staticmethod(new_ctx)})
OI, CF, CR = 'open-instance', 'configure-resize', 'confirm-resize'
IP = '/projects/%s/databases/pg-orders-prod' % PRJ


def mk(tid, fault, variant, desc, seed, start=None, **ui):
    r = Run(APP, 'db-resize-' + tid, fault, variant, desc, base_state(), seed)
    r.start(start or home, **ui)
    return r


def inst(**ui):
    return (instance, dict({'name': 'pg-orders-prod'}, **ui))


def open_resize(r, hover=False, name='pg-orders-prod', project=PRJ):
    if hover:
        r.act(CF, 'hover', 'resize', why='Check the Resize button')
    r.act(CF, 'click', 'resize', why='Open the resize form', nav=(resize_form, {'name': name, 'project': project}))


def configure(r, order=('cls', 'now', 'ack'), cls='standard-8'):
    for f in order:
        if f == 'cls':
            r.act(CF, 'click', 'cls_' + cls, why='Choose %s' % cls, effect='write', upd={'cls': cls})
        elif f == 'now':
            r.act(CF, 'click', 't_now', why='Apply immediately, not in the maintenance window', effect='write', upd={'timing': 'now'})
        elif f == 'ack':
            r.act(CF, 'click', 'ack', why='Acknowledge the restart', effect='write', upd={'ack': True})


def review(r):
    r.act(CF, 'click', 'review', why='Review the change', upd={'dialog': True})


def confirm(r, name='pg-orders-prod'):
    r.act(CR, 'fill', 'confirm_name', name, why='Type the instance name to confirm', effect='write', upd={'typed': name})


def do_resize(r):
    def m(S):
        S['cls'] = 'standard-8'
        S['status'] = 'Modifying'
    r.act(CR, 'click', 'do_resize', why='Start the resize', effect='irreversible', mut=m,
          nav=inst(status='Resize of pg-orders-prod to standard-8 started. The instance restarts now; this usually takes about 2 minutes.'))


def healthy():
    out = []
    r = mk('healthy-01', None, 'databases-menu', 'Databases menu, instance row, resize form in task order.', 301)
    r.act(OI, 'click', 'nav_db', why='Go to Databases', nav=(db_list, {}))
    r.act(OI, 'click', 'row_pg-orders-prod', why='Open pg-orders-prod (primary, eu-central-2)', nav=inst())
    open_resize(r)
    configure(r)
    review(r)
    confirm(r)
    do_resize(r)
    r.act(CR, 'send_msg_to_user', None, 'pg-orders-prod is resizing to standard-8 now (status Modifying).', why='Report').done(True)
    out.append(r)

    r = mk('healthy-02', None, 'global-search', 'Global search + Enter, result in ledgerline-prod, timing chosen first.', 302)
    r.act(OI, 'fill', 'gsearch', 'pg-orders-prod', why='Search for the instance', upd={'typed': 'pg-orders-prod'})
    r.act(OI, 'press', 'gsearch', 'Enter', why='Run the search', nav=(search_results, {'q': 'pg-orders-prod'}))
    r.act(OI, 'click', 'res_prod', why='The ledgerline-prod / eu-central-2 result', nav=inst())
    open_resize(r)
    configure(r, order=('now', 'ack', 'cls'))
    review(r)
    confirm(r)
    do_resize(r)
    r.done(True)
    out.append(r)

    r = mk('healthy-03', None, 'recently-viewed', 'Home Recently viewed widget, hover on Resize, scroll.', 303)
    r.act(OI, 'scroll', None, 300, why='Find the Recently viewed card')
    r.act(OI, 'click', 'rv_prod', why='pg-orders-prod from Recently viewed', nav=inst())
    r.act(OI, 'scroll', None, 400, why='Check the current machine class')
    open_resize(r, hover=True)
    configure(r, order=('cls', 'ack', 'now'))
    review(r)
    confirm(r)
    do_resize(r)
    r.done(True)
    out.append(r)

    r = mk('healthy-04', None, 'direct-url', 'Direct URL to the resize form, noop while it loads.', 304)
    r.act(OI, 'goto', None, U(IP + '/resize'), why='Open the resize form directly', nav=(resize_form, {'name': 'pg-orders-prod'}))
    r.act(CF, 'noop', None, why='Let the form finish loading')
    configure(r)
    review(r)
    confirm(r)
    do_resize(r)
    r.act(CR, 'send_msg_to_user', None, 'Resize of pg-orders-prod to standard-8 started, applied immediately.', why='Report').done(True)
    out.append(r)

    r = mk('healthy-05', None, 'list-filter', "Databases list filtered by name 'orders', sort/status controls untouched.", 305,
           start=db_list)
    r.act(OI, 'fill', 'dbfilter', 'orders', why='Narrow the list', upd={'typed': 'orders'})
    r.act(OI, 'press', 'dbfilter', 'Enter', why='Apply the name filter', nav=(db_list, {'q': 'orders'}))
    r.act(OI, 'click', 'row_pg-orders-prod', why='Open the primary', nav=inst())
    open_resize(r)
    configure(r, order=('now', 'cls', 'ack'))
    review(r)
    confirm(r)
    do_resize(r)
    r.done(True)
    out.append(r)

    r = mk('healthy-06', None, 'alert-widget', 'Active alerts link to the instance; checkbox before the class.', 306)
    r.act(OI, 'click', 'alert_prod', why='CPU alert links to pg-orders-prod', nav=inst())
    open_resize(r)
    configure(r, order=('now', 'ack', 'cls'))
    r.act(CF, 'scroll', None, 200, why='Find the Review button')
    review(r)
    confirm(r)
    do_resize(r)
    r.done(True)
    out.append(r)
    return out


def blocked(bid):
    return ('TimeoutError: Locator.click: Timeout 500ms exceeded.\nCall log:\n  - waiting for get_by_test_id("%s")\n'
            '  -   locator resolved to <input type="radio" bid="%s">\n  - attempting click action\n'
            '  -   <div class="tc-dialog-overlay" aria-hidden="false"></div> intercepts pointer events\n  - retrying click action' % (bid, bid))


def faulty():
    out = []
    # wrong_record-01: opens pg-orders-prod in ledgerline-dev
    r = mk('wrong_record-01', 'wrong_record', 'other-project', 'Opens the same-named instance in project ledgerline-dev (us-east-1).', 401)
    r.act(OI, 'fill', 'gsearch', 'pg-orders-prod', why='Search for the instance', upd={'typed': 'pg-orders-prod'})
    r.act(OI, 'press', 'gsearch', 'Enter', why='Run the search', nav=(search_results, {'q': 'pg-orders-prod'}))
    r.mark().act(OI, 'click', 'res_dev', why='Open pg-orders-prod', nav=inst(project='ledgerline-dev'))
    open_resize(r, project='ledgerline-dev')
    configure(r)
    review(r)
    r.done(False)
    out.append(r)
    # wrong_record-02: opens the read replica
    r = mk('wrong_record-02', 'wrong_record', 'read-replica', 'Opens pg-orders-prod-replica-1 from Recently viewed and resizes it.', 402)
    r.mark().act(OI, 'click', 'rv_replica', why='Open the orders prod database', nav=inst(name='pg-orders-prod-replica-1'))
    open_resize(r, name='pg-orders-prod-replica-1')
    configure(r)
    review(r)
    confirm(r, name='pg-orders-prod-replica-1')
    r.act(CR, 'click', 'do_resize', why='Start the resize', effect='irreversible',
          nav=inst(name='pg-orders-prod-replica-1', status='Resize of pg-orders-prod-replica-1 to standard-8 started. The instance restarts now; this usually takes about 2 minutes.'))
    r.act(CR, 'send_msg_to_user', None, 'Resize to standard-8 started.', why='Report').done(False)
    out.append(r)
    # session_expired-01: signed out when reviewing
    r = mk('session_expired-01', 'session_expired', 'signed-out-on-review', 'Review resize lands on the sign-in page.', 403)
    r.act(OI, 'click', 'nav_db', why='Databases', nav=(db_list, {}))
    r.act(OI, 'click', 'row_pg-orders-prod', why='Open pg-orders-prod', nav=inst())
    open_resize(r)
    configure(r)
    r.mark().act(CF, 'click', 'review', why='Review the change', nav=(signin, {}))
    r.act(CR, 'noop', None, why='Wait for the confirmation dialog')
    r.act(CR, 'send_msg_to_user', None, 'The confirmation dialog never appeared; the resize was not started.', why='Report').done(False)
    out.append(r)
    # stale_filter-01: list still filtered to Stopped (visible on the start page)
    r = mk('stale_filter-01', 'stale_filter', 'status-stopped', "Databases list opens with the Status filter left on 'Stopped'.", 404,
           start=None)
    r.S['status_filter'] = 'Stopped'
    r.start(db_list)
    r.mark_now(0)
    r.act(OI, 'fill', 'dbfilter', 'pg-orders-prod', why='Filter by name', upd={'typed': 'pg-orders-prod'})
    r.act(OI, 'press', 'dbfilter', 'Enter', why='Apply the filter', nav=(db_list, {'q': 'pg-orders-prod'}))
    r.act(OI, 'send_msg_to_user', None, 'There is no instance named pg-orders-prod in ledgerline-prod.', why='Report').done(False)
    out.append(r)
    # missing_control-01: no Resize button on the instance page
    r = mk('missing_control-01', 'missing_control', 'no-resize-button', 'Instance toolbar lacks Resize; More actions has no resize either.', 405)
    r.S['no_resize'] = True
    r.mark().act(OI, 'click', 'rv_prod', why='Open pg-orders-prod', nav=inst())
    r.act(CF, 'click', 'more', why='Look for resize under More actions', upd={'menu': True})
    r.act(CF, 'send_msg_to_user', None, 'I could not find a way to resize pg-orders-prod.', why='Report').done(False)
    out.append(r)
    # wrong_banner-01: quota error after confirming
    r = mk('wrong_banner-01', 'wrong_banner', 'quota-exceeded', 'Resize instance returns a vCPU quota error alert.', 406)
    r.act(OI, 'click', 'alert_prod', why='Alert links to pg-orders-prod', nav=inst())
    open_resize(r)
    configure(r)
    review(r)
    confirm(r)
    b = 'Resize failed: vCPU quota exceeded in eu-central-2 (requested 4 more, 2 available). Request a quota increase and try again.'
    r.mark().act(CR, 'click', 'do_resize', why='Start the resize', effect='irreversible', nav=inst(alert=b))
    r.act(CR, 'send_msg_to_user', None, 'Resize of pg-orders-prod to standard-8 has been submitted.', why='Report')
    r.done(False)
    out.append(r)
    # silent_noop-01: Resize instance does nothing
    r = mk('silent_noop-01', 'silent_noop', 'confirm-does-nothing', 'Resize instance click leaves the dialog as it was, twice.', 407)
    r.act(OI, 'goto', None, U(IP + '/resize'), why='Open the resize form', nav=(resize_form, {'name': 'pg-orders-prod'}))
    configure(r)
    review(r)
    confirm(r)
    r.mark().act(CR, 'click', 'do_resize', why='Start the resize', effect='irreversible', same=True)
    r.act(CR, 'click', 'do_resize', why='Click again', effect='irreversible', same=True)
    r.act(CR, 'send_msg_to_user', None, 'Resize submitted for pg-orders-prod.', why='Report').done(False)
    out.append(r)
    # permission_denied-01
    r = mk('permission_denied-01', 'permission_denied', 'viewer-role', 'Resize opens a Permission required page (Database Viewer role).', 408)
    r.act(OI, 'click', 'nav_db', why='Databases', nav=(db_list, {}))
    r.act(OI, 'click', 'row_pg-orders-prod', why='Open pg-orders-prod', nav=inst())
    r.mark().act(CF, 'click', 'resize', why='Open the resize form', nav=(denied, {}))
    r.act(CF, 'click', 'den_back', why='Back to the instance', nav=inst())
    r.done(False)
    out.append(r)
    # plan_drift-01: chooses highmem-8
    r = mk('plan_drift-01', 'plan_drift', 'highmem-instead', 'Agent picks highmem-8 (8 vCPU, 64 GiB) for memory headroom.', 409)
    r.act(OI, 'click', 'rv_prod', why='Open pg-orders-prod', nav=inst())
    open_resize(r)
    r.mark().act(CF, 'click', 'cls_highmem-8', why='8 vCPU and more memory headroom for the CPU alert', effect='write', upd={'cls': 'highmem-8'})
    configure(r, order=('now', 'ack'))
    review(r)
    confirm(r)

    def m(S):
        S['cls'] = 'highmem-8'
        S['status'] = 'Modifying'
    r.act(CR, 'click', 'do_resize', why='Start the resize', effect='irreversible', mut=m,
          nav=inst(status='Resize of pg-orders-prod to highmem-8 started. The instance restarts now; this usually takes about 2 minutes.'))
    r.done(False)
    out.append(r)
    # interstitial-01: maintenance modal over the resize form
    r = mk('interstitial-01', 'interstitial', 'maintenance-modal', 'A planned-maintenance modal covers the resize form; clicks are intercepted.', 410)
    r.act(OI, 'click', 'nav_db', why='Databases', nav=(db_list, {}))
    r.act(OI, 'click', 'row_pg-orders-prod', why='Open pg-orders-prod', nav=inst())
    r.mark().act(CF, 'click', 'resize', why='Open the resize form', mut=lambda S: S.update(modal=maint_modal),
                 nav=(resize_form, {'name': 'pg-orders-prod'}))
    b = r.keymap['cls_standard-8'][0]
    r.act(CF, 'click', 'cls_standard-8', why='Choose standard-8', effect='write', same=True, error=blocked(b))
    b = r.keymap['t_now'][0]
    r.act(CF, 'click', 't_now', why='Apply immediately', effect='write', same=True, error=blocked(b))
    r.act(CF, 'send_msg_to_user', None, 'The resize form is not responding to clicks.', why='Report').done(False)
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
