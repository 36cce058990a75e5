"""Loop family (2): schema misuse, one tool rejected for its parameters under trivially other arguments."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .content import (
    CUSTOMERS,
    mail_pool,
    mobile_pool,
)
from .transcript import (
    NEAR_ONSET_ATTEMPT,
    Call,
    Json,
    Loop,
    Transcript,
    maybe_plan,
    orient,
    pick,
)

# --------------------------------------------------------------------------- (2) schema misuse


def loop_schema_misuse(t: Transcript, rng: random.Random, variant: int) -> Loop:
    """The same tool rejected for its parameters under trivially different arguments, planning between."""
    return [_schema_tap, _schema_terraform, _schema_label, _schema_cell][variant % 4](t, rng)


def _schema_attempts(
    t: Transcript,
    rng: random.Random,
    tool: str,
    attempts: Sequence[tuple[Json, str]],
    texts: Sequence[str],
    plans: Sequence[str],
) -> tuple[int, int]:
    """Run 5-6 rejected attempts with planning steps between; return (onset step, attempts)."""
    n = rng.randrange(5, min(7, len(attempts) + 1))
    onset = 0
    for i, (args, error) in enumerate(attempts[:n]):
        if i:
            maybe_plan(t, rng, plans, 0.55)
        s = t.step(texts[i % len(texts)], [Call(tool, args, error, True)])
        if i == NEAR_ONSET_ATTEMPT:
            onset = s
    return onset, n


def _schema_tap(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "mobile-UI agent: the tap tool rejected 5-6 times for malformed coordinates, planning between"
    )
    app = pick(rng, ["FreshCart", "Pantrybox", "Greenbasket"])
    t.user(f"In the {app} app, add the 1 kg bag of basmati rice to the cart.")
    orient(t, rng, mobile_pool(app))
    t.step(
        "Taking a screenshot to see the current screen.",
        [
            Call(
                "screenshot",
                {},
                f"[screen 1080x2340] {app} - Product: Basmati rice 1 kg, EUR 3.49. Buttons: 'Add to cart' "
                "at (540, 1630), 'Back' at (60, 140). Rating 4.6 (812 reviews).",
            )
        ],
    )
    tool = pick(rng, ["tap", "tap_screen", "touch"])
    attempts: list[tuple[Json, str]] = [
        ({"x": "540", "y": "1630"}, f"Invalid arguments for {tool}: x: expected integer, got string '540'"),
        (
            {"coordinates": [540, 1630]},
            f"Invalid arguments for {tool}: unexpected property 'coordinates' (required: x, y)",
        ),
        (
            {"x": "540", "y": "1630", "duration_ms": 80},
            f"Invalid arguments for {tool}: x: expected integer, got string '540'",
        ),
        (
            {"position": "540,1630"},
            f"Invalid arguments for {tool}: unexpected property 'position' (required: x, y)",
        ),
        (
            {"point": {"x": 540, "y": 1630}},
            f"Invalid arguments for {tool}: unexpected property 'point' (required: x, y)",
        ),
        (
            {"x": "540px", "y": "1630px"},
            f"Invalid arguments for {tool}: x: expected integer, got string '540px'",
        ),
    ]
    texts = [
        "Tapping 'Add to cart'.",
        "Tapping the button.",
        "Let me tap it again.",
        "Tapping 'Add to cart' now.",
    ]
    plans = [
        "The button is at (540, 1630); I need to press it to add the rice.",
        "I should tap the Add to cart button at the bottom of the screen.",
        "Let me make sure I pass the coordinates correctly this time.",
    ]
    onset, n = _schema_attempts(t, rng, tool, attempts, texts, plans)
    t.step("I was not able to press the button; the tap tool keeps rejecting my input.")
    return Loop(
        onset,
        ("error_streak", "same_tool"),
        f"{n} taps rejected for the same parameter problem (string or wrongly named coordinates); 4th at "
        f"step {onset}",
    )


def _schema_terraform(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "DevOps agent: a terraform plan tool rejected 5-6 times for a missing working_directory, "
        "the key renamed each time"
    )
    env = pick(rng, ["prod", "staging", "eu-west"])
    t.user(f"Show me what terraform would change in infra/envs/{env} after the bucket lifecycle edit.")
    t.step(
        "Reading the edited file first.",
        [
            Call(
                "read_file",
                {"path": f"infra/envs/{env}/storage.tf"},
                'resource "aws_s3_bucket_lifecycle_configuration" "logs" {\n  bucket = aws_s3_bucket.lo'
                "gs.id\n "
                ' rule {\n    id     = "expire-old"\n    status = "Enabled"\n    expiration { days = 30 }\n '
                " }\n}",
            )
        ],
    )
    tool = pick(rng, ["terraform_plan", "tf_plan"])
    path = f"infra/envs/{env}"
    keys = ["dir", "path", "workdir", "directory", "working_dir", "cwd"]
    rng.shuffle(keys)
    attempts: list[tuple[Json, str]] = []
    for i, k in enumerate(keys):
        args: Json = {k: path, "var_file": f"{env}.tfvars"} if i % 2 else {k: path}
        error = (
            f"1 validation error for PlanArgs\nworking_directory\n  Field required [type=missing, "
            f"input_value={args!r}, input_type=dict]\n"
            "    For further information visit https://errors.pydantic.dev/2.9/v/missing"
        )
        attempts.append((args, error))
    texts = [
        "Running the plan.",
        "Running terraform plan for the directory.",
        "Planning again with the directory set.",
        "Let me run the plan.",
    ]
    plans = [
        f"The plan needs to run in {path}; I'll pass the directory.",
        "I need the plan output to answer; trying the tool again.",
        "The directory argument seems to be the problem.",
    ]
    onset, n = _schema_attempts(t, rng, tool, attempts, texts, plans)
    t.step("The plan tool keeps refusing my arguments, so I cannot show the diff.")
    return Loop(
        onset,
        ("error_streak", "same_tool"),
        f"{n} plan calls each missing working_directory under another key; 4th at step {onset}",
    )


def _schema_label(t: Transcript, rng: random.Random) -> Loop:
    t.description = (
        "email triage agent: the label tool rejected 5-6 times for argument shape, planning text between"
    )
    customer = pick(rng, CUSTOMERS)
    mid = f"msg_{rng.randrange(16**10):010x}"
    t.user("Triage the newest message in the Support inbox.")
    orient(t, rng, mail_pool())
    t.step(
        "Opening the newest support message.",
        [
            Call(
                "read_message",
                {"folder": "Support", "index": 0},
                f'{{"id": "{mid}", "from": "accounts@{customer.split()[0].lower()}.example", "subject":'
                ' "Invoice '
                '4471 charged twice", "body": "Hello, our card was charged twice for invoice 4471 '
                "on 2 November. "
                f'Could you refund the duplicate? Regards, {customer}"}}',
            )
        ],
    )
    tool = pick(rng, ["apply_label", "label_message", "set_labels"])
    attempts: list[tuple[Json, str]] = [
        ({"id": mid, "label": "Billing"}, "Invalid arguments: 'message_id' is a required property"),
        (
            {"message": mid, "labels": ["Billing"]},
            "Invalid arguments: Additional properties are not allowed ('labels', 'message' were unexpected)",
        ),
        ({"message_id": [mid], "label": "Billing"}, f"Invalid arguments: ['{mid}'] is not of type 'string'"),
        ({"msg_id": mid, "label": "Billing"}, "Invalid arguments: 'message_id' is a required property"),
        (
            {"message_id": mid, "label": ["Billing", "Refund"]},
            "Invalid arguments: ['Billing', 'Refund'] is not of type 'string'",
        ),
        (
            {"messageId": mid, "label": "Billing"},
            "Invalid arguments: Additional properties are not allowed ('messageId' was unexpected)",
        ),
    ]
    texts = [
        "Labelling it as Billing.",
        "Applying the Billing label.",
        "Let me label the message.",
        "Labelling again.",
    ]
    plans = [
        "This is a duplicate charge, so it belongs to Billing.",
        "I need to tag it before drafting a reply.",
        "The label has to be set first so billing sees it.",
    ]
    onset, n = _schema_attempts(t, rng, tool, attempts, texts, plans)
    t.step("I could not apply the label; the tool rejects every form of the arguments I tried.")
    return Loop(
        onset,
        ("error_streak", "same_tool"),
        f"{n} label calls rejected for a missing, extra or mistyped parameter; 4th at step {onset}",
    )


def _schema_cell(t: Transcript, rng: random.Random) -> Loop:
    t.description = "notebook agent: the cell tool rejected 5-6 times for its parameter, the code unchanged"
    tool = pick(rng, ["execute_cell", "notebook_exec"])
    code = (
        "import pandas as pd\nchurn = pd.read_parquet('churn.parquet')\nchurn.groupby('plan')['churn"
        "ed'].mean().round(3)"
    )
    t.user("What is the churn rate per plan in churn.parquet?")
    attempts: list[tuple[Json, str]] = [
        ({"code": code}, f"{tool}() got an unexpected keyword argument 'code'"),
        ({"cell": code}, f"{tool}() got an unexpected keyword argument 'cell'"),
        (
            {"source": code.split("\n")},
            "1 validation error for ExecuteCell\nsource\n  Input should be a valid string [type=string_type, "
            "input_type=list]",
        ),
        ({"code": code, "kernel": "python3"}, f"{tool}() got an unexpected keyword argument 'code'"),
        ({"input": code}, f"{tool}() got an unexpected keyword argument 'input'"),
        ({"src": code, "timeout": 60}, f"{tool}() got an unexpected keyword argument 'src'"),
    ]
    rng.shuffle(attempts)
    texts = ["Running the analysis cell.", "Executing the cell.", "Let me run it.", "Running the cell again."]
    plans = [
        "I just need this one cell to run to get the rates.",
        "The code is right; it is the call that fails.",
        "Let me pass the code the way the tool wants.",
    ]
    onset, n = _schema_attempts(t, rng, tool, attempts, texts, plans)
    t.step("The notebook tool will not accept the cell, so I have no churn figures yet.")
    return Loop(
        onset,
        ("error_streak", "same_tool"),
        f"{n} calls with the same code under other parameter names or types, each rejected; 4th at "
        f"step {onset}",
    )
