#!/usr/bin/env python3
"""Validate the two corpora in this folder written from the format contract alone (docs/formats.md), stdlib; PyYAML used if present."""
import collections, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
APPS = ['shelfmark', 'tessellate']
FAULTS = {'wrong_record', 'session_expired', 'stale_filter', 'missing_control', 'wrong_banner', 'silent_noop',
          'permission_denied', 'plan_drift', 'interstitial'}
EFFECTS = {'read', 'write', 'irreversible'}
SAME_PAGE = ('scroll(', 'hover(', 'noop(', 'send_msg_to_user(')
NEAR_MISS_URLS = {'shelfmark': ['/patrons/P-20481', '/patrons/P-19977', '/fines/F-87950', '/fines/F-88102'],
                  'tessellate': ['pg-orders-prod-replica-1', '/projects/ledgerline-dev/', 'pg-orders-staging']}
LINE = re.compile(r"^(\t+)(?:\[(\d+)\] ([A-Za-z]+) ('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")(.*)|StaticText ('.*'|\".*\"))$")
errors = []


def err(where, msg):
    errors.append('%s: %s' % (where, msg))


def load_yaml(path):
    try:
        import yaml
    except ImportError:
        return None
    with open(path) as f:
        return yaml.safe_load(f)


def check_evidence(where, items):
    if not isinstance(items, list):
        err(where, 'evidence list expected')
        return
    for it in items:
        if isinstance(it, str):
            if not it.strip():
                err(where, 'empty evidence string')
        elif isinstance(it, dict):
            if set(it) - {'text', 'on'} or not isinstance(it.get('text'), str):
                err(where, 'bad evidence mapping %r' % it)
            if it.get('on', 'state') not in ('state', 'action', 'both'):
                err(where, 'bad on= %r (unquoted YAML on?)' % it.get('on'))
        else:
            err(where, 'bad evidence item %r' % (it,))


def check_plan(where, plan):
    ids = set()
    if not isinstance(plan.get('task'), str):
        err(where, 'plan.task missing')
    for scope, items in (plan.get('plan_falsifiers') or {}).items():
        if scope not in ('execution', 'skill', 'planning'):
            err(where, 'plan_falsifiers scope %r' % scope)
        check_evidence(where + ':plan_falsifiers.' + scope, items)
    for c in plan.get('commitments') or []:
        cid = c.get('id')
        if not cid or cid in ids:
            err(where, 'commitment id missing/duplicate %r' % cid)
        ids.add(cid)
        if not isinstance(c.get('subgoal'), str):
            err(where, '%s: subgoal missing' % cid)
        k = c.get('confidence', 0.5)
        if not isinstance(k, (int, float)) or not 0 <= k <= 1:
            err(where, '%s: confidence %r' % (cid, k))
        for stage, items in (c.get('confirm') or {}).items():
            if stage not in ('precondition', 'progress', 'completion'):
                err(where, '%s: confirm stage %r' % (cid, stage))
            check_evidence('%s:%s.confirm.%s' % (where, cid, stage), items)
        for scope, items in (c.get('falsify') or {}).items():
            if scope not in ('execution', 'skill', 'planning'):
                err(where, '%s: falsify scope %r' % (cid, scope))
            check_evidence('%s:%s.falsify.%s' % (where, cid, scope), items)
    if not ids:
        err(where, 'no commitments')
    return ids


def parse_obs(where, obs):
    for k in ('url', 'title', 'text', 'error'):
        if k not in obs:
            err(where, 'observation.%s missing' % k)
    text = obs.get('text', '')
    lines = text.split('\n')
    if not lines[0].startswith('RootWebArea ') or obs.get('title') and repr(obs['title']) not in lines[0]:
        err(where, 'first line must be RootWebArea with the title')
    if obs.get('url') and ("url=%r" % obs['url']) not in lines[0]:
        err(where, 'RootWebArea line lacks the url')
    bids = {}
    prev = 0
    for ln in lines[1:]:
        m = LINE.match(ln)
        if not m:
            err(where, 'bad tree line %r' % ln)
            continue
        d = len(m.group(1))
        if d > prev + 1:
            err(where, 'indent jumps at %r' % ln)
        prev = d
        if m.group(2):
            if m.group(2) in bids:
                err(where, 'duplicate bid %s' % m.group(2))
            bids[m.group(2)] = '%s %s' % (m.group(3), m.group(4))
    return bids


def check_corpus(app):
    d = os.path.join(HERE, app)
    path = os.path.join(d, 'corpus.jsonl')
    counts = collections.Counter()
    seen = set()
    plans = {}
    for n, line in enumerate(open(path), 1):
        where = '%s:%d' % (app, n)
        try:
            t = json.loads(line)
        except ValueError as e:
            err(where, 'bad JSON %s' % e)
            continue
        for k in ('id', 'workflow', 'task', 'plan', 'label', 'initial_observation', 'steps', 'outcome'):
            if k not in t:
                err(where, 'missing %s' % k)
        where = '%s:%s' % (app, t.get('id'))
        if t['id'] in seen:
            err(where, 'duplicate id')
        seen.add(t['id'])
        plan = t['plan']
        if isinstance(plan, str):
            pp = os.path.join(d, plan)
            if not os.path.exists(pp):
                err(where, 'plan path %s missing' % plan)
                continue
            if pp not in plans:
                y = load_yaml(pp)
                if y is None:
                    print('PyYAML not available: plan %s not parsed' % pp)
                    plans[pp] = (None, set())
                else:
                    plans[pp] = (y, check_plan(pp, y))
            y, cids = plans[pp]
            if y is not None and y.get('task') != t['task']:
                err(where, 'plan.task differs from trajectory task')
        else:
            cids = check_plan(where, plan)
        lab = t['label']
        fault, fots = lab.get('fault'), lab.get('first_off_track_step')
        steps = t['steps']
        counts[fault or 'healthy'] += 1
        if fault is None:
            if fots is not None:
                err(where, 'healthy run with first_off_track_step')
            if t['outcome'].get('success') is not True:
                err(where, 'healthy run not successful')
        else:
            if fault not in FAULTS:
                err(where, 'unknown fault %r' % fault)
            if not isinstance(fots, int) or not 0 <= fots < len(steps):
                err(where, 'first_off_track_step %r out of range' % fots)
            if t['outcome'].get('success') is not False:
                err(where, 'faulty run marked successful')
        if not isinstance(t['outcome'].get('success'), bool):
            err(where, 'outcome.success not bool')
        prev = t['initial_observation']
        bids = parse_obs(where + ':initial', prev)
        for i, s in enumerate(steps):
            w = '%s:step%d' % (where, i)
            a = s.get('action') or {}
            for k in ('command', 'reasoning', 'target', 'effect'):
                if k not in a:
                    err(w, 'action.%s missing' % k)
            if a.get('effect') not in EFFECTS:
                err(w, 'effect %r' % a.get('effect'))
            if 'commitment' in s and cids and s['commitment'] not in cids:
                err(w, 'unknown commitment %r' % s['commitment'])
            m = re.match(r"^(\w+)\('([^']*)'", a.get('command', ''))
            if m and m.group(1) in ('click', 'fill', 'select_option', 'press', 'hover'):
                if m.group(2) not in bids:
                    err(w, 'bid %s not in previous observation' % m.group(2))
                elif bids[m.group(2)] != a.get('target'):
                    err(w, 'target %r != %r' % (a.get('target'), bids[m.group(2)]))
            elif a.get('target') is not None:
                err(w, 'element-less action with a target')
            obs = s.get('observation') or {}
            nb = parse_obs(w, obs)
            if a.get('command', '').startswith(SAME_PAGE) and obs.get('text') != prev.get('text'):
                err(w, 'scroll/hover/noop/send_msg changed the page')
            if fault is None:
                for u in NEAR_MISS_URLS[app]:
                    if u in obs.get('url', ''):
                        err(w, 'healthy run opened near miss %s' % u)
                if obs.get('error'):
                    err(w, 'healthy run with action error')
            prev, bids = obs, nb
    return counts


def main():
    total = collections.Counter()
    for app in APPS:
        c = check_corpus(app)
        total.update(c)
        print(app, dict(sorted(c.items())), 'total', sum(c.values()))
    print('all', dict(sorted(total.items())), 'total', sum(total.values()))
    for e in errors:
        print('ERROR', e)
    print('%d error(s)' % len(errors))
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
