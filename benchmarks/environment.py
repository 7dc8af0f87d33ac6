"""Browser environment costs: launch, reset and step time, and resident memory of one environment.

    .venv/bin/python benchmarks/environment.py [--episodes 5] [--json out.json]

Measures, on the workbench (support workflow, healthy, scripted executor):

* ``launch_s``: the first ``reset()`` (Playwright driver + Chromium start + sign-in + start page);
* ``reset_s``: later ``reset()`` calls (new browser context, episode reset, sign-in, start page);
* ``step_s``: ``step()`` (action + navigation wait + AXTree extraction), median and p95, split
  into steps that load a page (``nav``) and steps that do not (``fill``/``select``);
* memory of the environment's browser process tree (the Playwright driver and every Chromium
  process), after each episode, max over episodes, via psutil: summed RSS (counts shared pages
  once per process, so it overstates), PSS (shared pages split among processes: the honest
  figure) and USS (private pages only); plus the RSS of the Python process itself.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time


def _pct(values, q):
    values = sorted(values)
    if not values:
        return float("nan")
    k = min(len(values) - 1, max(0, round(q * (len(values) - 1))))
    return values[k]


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser()
    parser.add_argument("--episodes", type=int, default=5)
    parser.add_argument("--workflow", default="support")
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)

    import psutil

    from fcpkit_lab.envs.workbench.browser_env import WorkbenchEnv
    from fcpkit_lab.envs.browser.processes import tree_memory
    from fcpkit.core.protocols import ExecutorContext
    from fcpkit_lab.envs.executors import ScriptedExecutor
    from fcpkit.core.plan import load_plan
    from fcpkit_lab.envs.workbench import plan_path, start_workbench

    wb = start_workbench()
    plan = load_plan(plan_path(args.workflow))
    env = WorkbenchEnv(wb, args.workflow)
    resets, nav_steps, other_steps = [], [], []
    launch = None
    rss = []
    try:
        for ep in range(args.episodes):
            t = time.perf_counter()
            obs = env.reset(ep)
            dt = time.perf_counter() - t
            if launch is None:
                launch = dt
            else:
                resets.append(dt)
            ex = ScriptedExecutor(args.workflow, 0, seed=ep)
            history = []
            for _ in range(12):
                ctx = ExecutorContext(env.task, plan, plan.commitments[0], obs, tuple(history))
                action = ex.propose(ctx)
                t = time.perf_counter()
                obs = env.step(action)
                dt = time.perf_counter() - t
                (other_steps if action.command.startswith(("fill", "select_option")) else nav_steps).append(dt)
                history.append((action, obs))
                if action.command.startswith(("send_msg_to_user", "report_infeasible")):
                    break
            assert env.validate().success
            rss.append(tree_memory(env.driver_pid))
    finally:
        env.close()
        wb.stop()
    steps = nav_steps + other_steps
    result = {
        "episodes": args.episodes,
        "launch_s": round(launch, 3),
        "reset_s_median": round(statistics.median(resets), 3) if resets else None,
        "reset_s_p95": round(_pct(resets, 0.95), 3) if resets else None,
        "step_s_median": round(statistics.median(steps), 3),
        "step_s_p95": round(_pct(steps, 0.95), 3),
        "nav_step_s_median": round(statistics.median(nav_steps), 3),
        "nav_step_s_p95": round(_pct(nav_steps, 0.95), 3),
        "input_step_s_median": round(statistics.median(other_steps), 3),
        "n_steps": len(steps),
        "browser_tree_processes": rss[-1]["processes"],
        "browser_tree_rss_sum_mb": round(max(m["rss"] for m in rss) / 2**20, 1),
        "browser_tree_pss_mb": round(max(m["pss"] for m in rss) / 2**20, 1),
        "browser_tree_uss_mb": round(max(m["uss"] for m in rss) / 2**20, 1),
        "python_rss_mb": round(psutil.Process().memory_info().rss / 2**20, 1),
        "cpus": psutil.cpu_count(),
    }
    for k, v in result.items():
        print(f"{k:24s} {v}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=2)
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
