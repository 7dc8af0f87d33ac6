"""Plan texts for the DeployDeck corpus.

Written from each workflow's task and a walk through the healthy pages, before any
faulty run was scripted, and not tuned afterwards. make_corpus.py writes them verbatim
to plans/<workflow>.yaml.
"""

PROMOTE_TASK = ("Promote checkout-api build 4827 (v2.14.3) from staging to production as a "
                "10% canary under change request CHG-2291, and confirm the promotion.")

ROLLBACK_TASK = ("Roll back route-planner in production from v5.8.0 to the previous release "
                 "v5.7.2 with the reason \"Elevated 5xx after v5.8.0 deploy (INC-7734)\", "
                 "and confirm the rollback.")

PROMOTE_YAML = '''\
# DeployDeck - promote a staging build to production.
# Written by the release manager from the task and one walk through the happy path.
task: "Promote checkout-api build 4827 (v2.14.3) from staging to production as a 10% canary under change request CHG-2291, and confirm the promotion."
plan_falsifiers:
  execution:
    - Sign in to DeployDeck
    - Your session has expired. Please sign in again.
    - Something went wrong. Try again or contact #deploydeck-support.
  planning:
    - Access denied
    - Deploys to production are frozen
commitments:
  - id: find-build
    subgoal: Find checkout-api build 4827 among the staging builds
    skill: find_record_in_list
    confidence: 0.8
    confirm:
      precondition: [Releases list of builds by stage]
      progress: ["Results for 4827"]
      completion: ["Build 4827 checkout-api v2.14.3 is listed in staging with checks passed"]
    falsify:
      execution: [No builds match your filters]
  - id: open-build
    subgoal: Open the detail page of build 4827
    skill: open_record_by_id
    confidence: 0.8
    confirm:
      completion: ["checkout-api build 4827 detail page", "Version v2.14.3 from commit 3f9c1a7", "Staging soak passed"]
    falsify:
      execution:
        - "checkout-api build 4826 (v2.14.2) detail page"
        - "checkout-api-internal build 4828 detail page"
        - {text: "open build 4826", on: action}
      planning: ["Build 4827 checks failed", "Production is already running v2.14.3"]
  - id: choose-target
    subgoal: Start the promotion and choose production as the target environment
    skill: fill_wizard_step
    confidence: 0.7
    confirm:
      precondition: ["Promote checkout-api v2.14.3 (build 4827)"]
      progress: ["Step 1 of 3: Target environment"]
      completion: ["production is selected as the target environment"]
    falsify:
      execution: [production-eu is selected, perf is selected]
  - id: set-rollout
    subgoal: Choose a canary rollout with 10% initial traffic and enter change request CHG-2291
    skill: fill_wizard_step
    confidence: 0.6
    confirm:
      precondition: ["Step 2 of 3: Rollout strategy"]
      progress: ["Canary (gradual) is selected"]
      completion: ["Initial canary traffic is 10%", "Change request CHG-2291 entered"]
    falsify:
      execution: ["All at once is selected", "Blue-green is selected", "Change request is required"]
  - id: review
    subgoal: Check the promotion summary before promoting
    confidence: 0.7
    confirm:
      precondition: ["Step 3 of 3: Review"]
      completion:
        - "Summary: checkout-api v2.14.3 build 4827 from staging to production"
        - "Strategy: Canary, 10% then 100%"
        - "Change request CHG-2291 approved"
    falsify:
      execution: ["Change request not found", "Change request is not approved"]
  - id: confirm-promotion
    subgoal: Click Promote to production and confirm in the dialog
    confidence: 0.7
    confirm:
      progress: ["Promote to production? confirmation dialog"]
      completion:
        - "Promotion started: checkout-api v2.14.3 is rolling out to production (canary 10%)"
        - "Deployment in progress"
    falsify:
      execution:
        - Promotion failed
        - {text: "Abort and roll back", on: action}
      planning: ["Another deployment of checkout-api is already in progress"]
'''

ROLLBACK_YAML = '''\
# DeployDeck - roll back a production release.
# Written by the on-call release manager from the task and the healthy pages.
task: "Roll back route-planner in production from v5.8.0 to the previous release v5.7.2 with the reason \\"Elevated 5xx after v5.8.0 deploy (INC-7734)\\", and confirm the rollback."
plan_falsifiers:
  execution:
    - Sign in to DeployDeck
    - Your session has expired. Please sign in again.
    - Something went wrong. Try again or contact #deploydeck-support.
  planning:
    - Access denied
commitments:
  - id: open-service
    subgoal: Open route-planner in the production environment
    skill: open_record_by_name
    confidence: 0.8
    confirm:
      precondition: ["Services in production"]
      progress: ["Results for route-planner"]
      completion: ["route-planner in production, current release v5.8.0, health Degraded", "Deployment history for route-planner"]
    falsify:
      execution:
        - route-planner-batch in production
        - route-optimizer in production
        - route-planner in staging
        - {text: "open route-planner-batch", on: action}
  - id: start-rollback
    subgoal: Open the rollback form for route-planner
    confidence: 0.8
    confirm:
      completion: ["Roll back route-planner in production", "Current release: v5.8.0"]
    falsify:
      planning: ["Rollback is disabled", "No earlier release to roll back to"]
  - id: choose-release
    subgoal: Pick v5.7.2 (deployment dep-88127) as the release to roll back to
    skill: select_option
    confidence: 0.7
    confirm:
      completion: ["Roll back to v5.7.2 (dep-88127) selected"]
    falsify:
      execution: ["v5.7.1 selected", "v5.7.0 selected"]
  - id: enter-reason
    subgoal: Enter the rollback reason
    confidence: 0.7
    confirm:
      completion: ["Reason: Elevated 5xx after v5.8.0 deploy (INC-7734)"]
    falsify:
      execution: ["Reason is required"]
  - id: confirm-rollback
    subgoal: Review the rollback and confirm it
    confidence: 0.7
    confirm:
      progress: ["Confirm rollback dialog: route-planner from v5.8.0 to v5.7.2"]
      completion:
        - "Rollback started: route-planner in production is rolling back to v5.7.2"
        - "Rollback deployment in progress"
    falsify:
      execution: ["Rollback failed", {text: "Cancel", on: action}]
      planning: ["Another deployment of route-planner is in progress"]
'''
