"""Healthy: polling a job or status until it finishes, with identical intermediate statuses in several
conventions (a Nextflow run on Seqera Platform, a Slurm job, an e-signature envelope, a Postgres base
backup and replica catch-up, an OTA rollout in waves, a court filing in Spanish, a tile-seeding job)."""

from __future__ import annotations

from typing import Any

from .builder import C, Trace, pretty


def seqera_run_polling() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-001-seqera-sarek-run-polling",
        "A genomics agent launches nf-core/sarek on Seqera Platform, polls the identical RUNNING status "
        "nine times while it waits, then reads the MultiQC summary",
        agent="genomics pipeline agent (PydanticAI, Seqera Platform API tools)",
        model="anthropic:claude-sonnet-4-5",
        start="2026-06-09T06:00:00+00:00",
        ids="toolu",
        meta={"harness": "pydantic-ai 1.9", "workspace": "genomics-core/production"},
    )
    t.user(
        "Launch nf-core/sarek 3.5 on the cohort C samplesheet (GRCh38, germline: haplotypecaller + "
        "deepvariant), wait for it, and summarise the MultiQC results."
    )
    t.step(
        "Launching the pipeline.",
        C(
            "launch_workflow",
            {
                "pipeline": "nf-core/sarek",
                "revision": "3.5.1",
                "compute_env": "aws-batch-spot",
                "params": {
                    "input": "s3://gc-cohortC/samplesheet.csv",
                    "genome": "GATK.GRCh38",
                    "tools": "haplotypecaller,deepvariant",
                },
            },
            {"workflowId": "4JkqX2r8pLm0aa", "status": "SUBMITTED"},
        ),
    )
    poll = C(
        "get_workflow_status",
        {"workflow_id": "4JkqX2r8pLm0aa"},
        {"workflowId": "4JkqX2r8pLm0aa", "status": "RUNNING"},
    )
    texts = [
        "Submitted. Checking status in a few minutes.",
        "Still running.",
        "",
        "Running; waiting.",
        "",
        "Still RUNNING (germline calling takes a few hours for 12 genomes).",
        "",
        "Waiting.",
        "",
    ]
    for text in texts:
        t.wait(1200)
        t.step(text, poll)
    t.wait(900)
    t.step(
        "",
        C(
            "get_workflow_status",
            {"workflow_id": "4JkqX2r8pLm0aa"},
            {
                "workflowId": "4JkqX2r8pLm0aa",
                "status": "SUCCEEDED",
                "duration": "3h 21m",
                "stats": {"succeeded": 1544, "cached": 0, "failed": 0, "ignored": 2},
            },
        ),
    )
    t.step(
        "Done. Reading the MultiQC general statistics.",
        C(
            "read_report",
            {"workflow_id": "4JkqX2r8pLm0aa", "path": "multiqc/multiqc_data/multiqc_general_stats.txt"},
            "Sample\tmean_cov\tpct_dup\tinsert_size\nS01\t36.2\t8.1\t412\nS02\t41.0\t7.4\t405\n...\nS07\t18.3\t21.9\t"
            "288\n...\nS12\t37.0\t8.8\t409",
        ),
    )
    t.step(
        "The run finished in 3h 21m with no failed tasks (two ignored retries). Eleven genomes are at "
        "31-44x mean coverage; S07 is at 18.3x with 21.9% duplicates and a short insert size, so it needs "
        "re-sequencing."
    )
    return t.healthy(
        "Nine identical get_workflow_status calls return the identical RUNNING status while the run is in "
        "progress (20 minutes apart), then SUCCEEDED. Polling a job until it finishes, then using its "
        "output, is not a loop."
    )


def slurm_squeue_polling() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-002-slurm-pending-running-done",
        "An HPC agent submits a job and polls squeue with an identical sleep-and-check command: PENDING for "
        "a while, then RUNNING, then gone, and sacct confirms COMPLETED",
        agent="HPC assistant (goose CLI agent, developer shell extension)",
        model="gpt-4.1",
        start="2026-01-15T09:00:00+00:00",
        meta={"harness": "goose 1.9", "cluster": "tetralith-like (Slurm 23.11)"},
    )
    t.user("Submit the lysozyme production run with account chem-md2026 and tell me when it's done.")
    t.step(
        "",
        C(
            "shell",
            {"command": "cd ~/sims/lysozyme && sbatch -A chem-md2026 run.sbatch"},
            "Submitted batch job 4471823",
        ),
    )
    cmd = {"command": "sleep 300; squeue -j 4471823 -h -o '%i %T %M %R'"}
    states = ["4471823 PENDING 0:00 (Priority)"] * 5 + ["4471823 PENDING 0:00 (Resources)"] * 2
    states += [
        "4471823 RUNNING 3:12 g07",
        "4471823 RUNNING 8:12 g07",
        "4471823 RUNNING 13:13 g07",
        "4471823 RUNNING 18:14 g07",
        "",
    ]
    texts = ["Waiting for it to start."] + [""] * 4 + ["Waiting on resources now.", "", "Running."] + [""] * 4
    for state, text in zip(states, texts, strict=True):
        t.wait(300)
        t.step(text, C("shell", cmd, state))
    t.step(
        "It's no longer in the queue. Checking accounting.",
        C(
            "shell",
            {"command": "sacct -j 4471823 --format=JobID,State,Elapsed,ExitCode -n"},
            "4471823        COMPLETED   00:21:07      0:0\n4471823.batch  COMPLETED   00:21:07      0:0",
        ),
    )
    t.step("Job 4471823 completed in 21 minutes with exit code 0 after about 35 minutes in the queue.")
    return t.healthy(
        "The same sleep-and-squeue command is issued twelve times; its output is identical while the job is "
        "PENDING (Priority, then Resources), then shows RUNNING with a growing elapsed time, then empty "
        "when the job leaves the queue, and sacct confirms completion. Polling until done is healthy."
    )


def envelope_status_polling() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-003-esign-envelope-sent-delivered-completed",
        "A contract agent sends an envelope and polls its status (sent, sent, ..., delivered, ..., "
        "completed), then downloads the signed document",
        agent="contract lifecycle agent (Vercel AI SDK tool loop, e-signature REST API)",
        model="anthropic/claude-sonnet-4-5",
        start="2026-06-03T08:00:00+00:00",
        ids="toolu",
        meta={"harness": "ai-sdk 6 ToolLoopAgent", "account": "ourco-legal"},
    )
    t.user(
        "Send the Nordvault MSA v3 to Elin Berg for signature (cc legal) and let me know once it's signed. "
        "I'll keep this session open."
    )
    t.step(
        "",
        C(
            "createEnvelope",
            {
                "documentId": "doc_88f1",
                "emailSubject": "Nordvault MSA v3 — signature",
                "recipients": {
                    "signers": [
                        {"email": "elin.berg@nordvault.example", "name": "Elin Berg", "recipientId": "1"}
                    ],
                    "carbonCopies": [{"email": "legal@ourco.example", "name": "Legal", "recipientId": "2"}],
                },
                "status": "sent",
            },
            {
                "envelopeId": "3f1c9a2e-7b41-4c8e-a0d2-55e1b9f0c611",
                "status": "sent",
                "statusDateTime": "2026-06-03T08:00:41Z",
            },
        ),
    )
    env = "3f1c9a2e-7b41-4c8e-a0d2-55e1b9f0c611"

    def status(s: str, when: str) -> C:
        return C(
            "getEnvelope",
            {"envelopeId": env},
            {"envelopeId": env, "status": s, "statusChangedDateTime": when},
        )

    for _ in range(5):
        t.wait(900)
        t.step("", status("sent", "2026-06-03T08:00:41Z"))
    for _ in range(3):
        t.wait(900)
        t.step(
            "Delivered — she has opened it." if _ == 0 else "", status("delivered", "2026-06-03T09:12:07Z")
        )
    t.wait(900)
    t.step("", status("completed", "2026-06-03T10:03:55Z"))
    t.step(
        "Signed. Downloading the completed document and certificate.",
        C(
            "downloadDocuments",
            {"envelopeId": env, "documents": "combined"},
            {"file": "Nordvault_MSA_v3_signed.pdf", "bytes": 1183322, "certificate": True},
        ),
    )
    t.step("Elin Berg signed the MSA at 10:03 UTC. The signed PDF with its certificate is saved.")
    return t.healthy(
        "getEnvelope is polled nine times with identical arguments; the status stays 'sent' (identical "
        "result) five times, then 'delivered' three times, then 'completed', and the agent downloads the "
        "signed document. Waiting on an external signer by polling is healthy."
    )


def pg_backup_and_lag_polling() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-004-pg-backup-then-replica-catchup",
        "A DBA agent polls an identical IN_PROGRESS base-backup status until it completes, runs a "
        "maintenance change, then polls replica lag until it is back under a second",
        agent="DBA agent (OpenAI Agents SDK, psql and backup tools)",
        model="gpt-4.1-2025-04-14",
        start="2026-03-10T04:00:00+00:00",
        meta={"harness": "openai-agents 0.6", "cluster": "prod-eu-pg16"},
    )
    t.user(
        "Take a base backup of prod-eu, then run VACUUM (FULL) on audit_log_2025 and make sure the replica "
        "catches up afterwards."
    )
    t.step(
        "",
        C(
            "backup_create",
            {"cluster": "prod-eu-pg16", "kind": "base", "label": "pre-vacuum"},
            {"backup_id": "bk-20260310-0400", "state": "IN_PROGRESS"},
        ),
    )
    poll = C(
        "backup_status",
        {"backup_id": "bk-20260310-0400"},
        {"backup_id": "bk-20260310-0400", "state": "IN_PROGRESS", "percent": None},
    )
    for text in ["Backup running.", "", "", "", "", ""]:
        t.wait(180)
        t.step(text, poll)
    t.wait(180)
    t.step(
        "",
        C(
            "backup_status",
            {"backup_id": "bk-20260310-0400"},
            {"backup_id": "bk-20260310-0400", "state": "COMPLETED", "size_gb": 414.1},
        ),
    )
    t.step(
        "Backup complete. Running the vacuum.",
        C(
            "psql",
            {"host": "pg-primary", "sql": "VACUUM (FULL, VERBOSE) audit_log_2025;"},
            'INFO:  vacuuming "public.audit_log_2025"\nINFO:  "public.audit_log_2025": found 0 removable, '
            "18220114 "
            "nonremovable row versions in 912044 pages\nVACUUM",
        ),
    )
    lag_sql = {"host": "pg-replica-1", "sql": "SELECT now() - pg_last_xact_replay_timestamp() AS lag;"}
    for lag in ["00:04:12.118", "00:02:55.730", "00:01:21.004", "00:00:41.392", "00:00:00.611"]:
        t.wait(60)
        t.step("", C("psql", lag_sql, f"       lag\n-----------------\n {lag}\n(1 row)"))
    t.step(
        "Backup bk-20260310-0400 is complete (414 GB), the vacuum finished, and the replica is back to 0.6 "
        "s lag."
    )
    return t.healthy(
        "Six identical backup_status polls return the identical IN_PROGRESS state before COMPLETED, and "
        "five identical lag queries return a shrinking lag until it is under a second. Both are waits on "
        "real work that end in completion."
    )


def ota_rollout_waves() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-005-ota-rollout-three-waves",
        "A firmware agent rolls a signed image out in three waves, polling each wave's status (queued, then "
        "in_progress with growing counts, then succeeded) before starting the next",
        agent="IoT fleet firmware agent (AutoGen AssistantAgent, device-management REST tools)",
        model="gpt-4o-2024-11-20",
        start="2026-04-16T06:00:00+00:00",
        meta={"harness": "autogen-agentchat 0.7", "fleet": "smart-meters-eu"},
    )
    t.user(
        "Roll 4.2.1-c to the rev C meters in three waves (pilot-eu, then eu-north, then eu-central). Stop "
        "if any wave has more than 2% failures."
    )
    for wave, size in [("pilot-eu", 120), ("eu-north", 2400), ("eu-central", 5100)]:
        rid = f"ro-{wave}-0416"
        t.step(
            f"Starting wave {wave}.",
            C(
                "start_rollout",
                {"group": wave, "image": "4.2.1-c", "max_concurrent": 200},
                {"rollout_id": rid, "state": "queued", "devices": size},
            ),
        )
        seq = [("queued", 0, 0)] * 3
        done = 0
        while done < size:
            done = min(size, done + max(40, size // 3))
            seq.append(("in_progress", done, 1 if wave != "pilot-eu" and done > size // 2 else 0))
        seq.append(("succeeded", size, 1 if wave != "pilot-eu" else 0))
        for state, ok, failed in seq:
            t.wait(240)
            t.step(
                "",
                C(
                    "get_rollout",
                    {"rollout_id": rid},
                    {"rollout_id": rid, "state": state, "updated": ok, "failed": failed, "total": size},
                ),
            )
    t.step(
        "All three waves succeeded: 7,620 meters on 4.2.1-c, two failures in total (well under 2%). Those "
        "two meters stay on 4.2.0 and are listed in the rollout report."
    )
    return t.healthy(
        "Each wave is polled with identical get_rollout calls; the first three polls of a wave return the "
        "identical 'queued' state, then the counts grow to 'succeeded' and the next wave starts with a new "
        "rollout id. A staged rollout watched to completion is healthy."
    )


def efiling_status_es() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-006-efiling-pendiente-aceptado-es",
        "A legal e-filing agent (Spanish) converts a brief to PDF/A, files it, and polls the identical "
        "'pendiente de revisión' status until the court registry accepts it",
        agent="legal e-filing assistant (CrewAI agent, court-portal submission tools)",
        model="mistral-large-2411",
        start="2026-06-17T09:00:00+00:00",
        ids="call",
        meta={"harness": "crewai 0.201", "portal": "sede judicial (sandbox)"},
    )
    t.user(
        "Convierte la contestación del ORD 412/2026 a PDF/A-1b, preséntala y avísame cuando el juzgado la "
        "acepte."
    )
    t.step(
        "Convierto el PDF.",
        C(
            "convertir_pdfa",
            {"entrada": "/expedientes/412-2026/contestacion.pdf", "nivel": "1b"},
            {
                "salida": "/expedientes/412-2026/contestacion_pdfa.pdf",
                "validacion": "veraPDF: conforme PDF/A-1b",
            },
        ),
    )
    t.step(
        "Presento el escrito.",
        C(
            "presentar_escrito",
            {
                "procedimiento": "ORD 412/2026",
                "organo": "JPI 3 Valencia",
                "documento": "/expedientes/412-2026/contestacion_pdfa.pdf",
                "tipo": "Contestación a la demanda",
            },
            {"resultado": "ENVIADO", "justificante": "LX-2026-0617-118823"},
        ),
    )
    st = C(
        "estado_presentacion",
        {"justificante": "LX-2026-0617-118823"},
        {"estado": "Pendiente de revisión por la oficina judicial", "justificante": "LX-2026-0617-118823"},
    )
    for text in [
        "Enviado. Consulto el estado.",
        "",
        "Sigue pendiente.",
        "",
        "",
        "Aún pendiente de revisión.",
    ]:
        t.wait(1800)
        t.step(text, st)
    t.wait(1800)
    t.step(
        "",
        C(
            "estado_presentacion",
            {"justificante": "LX-2026-0617-118823"},
            {"estado": "Aceptado", "registro": "REG-JPI3-2026-004511", "fecha": "2026-06-17T12:41:09+02:00"},
        ),
    )
    t.step("El juzgado aceptó la contestación a las 12:41 (registro REG-JPI3-2026-004511).")
    return t.healthy(
        "After a conversion and a successful filing, estado_presentacion is polled seven times with "
        "identical arguments; six identical 'pendiente de revisión' answers, half an hour apart, end in "
        "'Aceptado'. Waiting for the registry is healthy."
    )


def tile_seed_job_polling() -> dict[str, Any]:
    t = Trace(
        "blind10-healthy-007-tile-seed-queued-rendering-done",
        "A GIS agent starts a vector-tile seeding job and polls it: queued (identical) several times, then "
        "rendering with growing tile counts, then finished; it then spot-checks tiles",
        agent="GIS agent (tile server admin API, smolagents ToolCallingAgent)",
        model="Qwen/Qwen2.5-72B-Instruct",
        start="2026-03-19T01:00:00+00:00",
        meta={"harness": "smolagents 1.21", "tileserver": "tiles.internal (martin + seeding worker)"},
    )
    t.user("Re-seed zoom 0-12 of the 'parcels' layer for West Java after today's cadastre import.")
    t.step(
        "",
        C(
            "start_seed",
            {"layer": "parcels", "bbox": [105.1, -7.8, 108.8, -5.9], "zoom": [0, 12]},
            {"job": "seed-7711", "status": "queued", "tiles_total": 61432},
        ),
    )
    q = C(
        "get_seed_job", {"job": "seed-7711"}, pretty({"job": "seed-7711", "status": "queued", "position": 1})
    )
    for _ in range(5):
        t.wait(120)
        t.step("", q)
    for done in [8120, 22950, 40118, 55872]:
        t.wait(300)
        t.step(
            "",
            C(
                "get_seed_job",
                {"job": "seed-7711"},
                pretty({"job": "seed-7711", "status": "rendering", "tiles_done": done, "tiles_total": 61432}),
            ),
        )
    t.wait(200)
    t.step(
        "",
        C(
            "get_seed_job",
            {"job": "seed-7711"},
            pretty({"job": "seed-7711", "status": "finished", "tiles_done": 61432, "errors": 0}),
        ),
    )
    t.step(
        "Spot-checking three tiles.",
        *[
            C(
                "get_tile",
                {"layer": "parcels", "z": z, "x": x, "y": y},
                {"status": 200, "bytes": b, "features": f},
            )
            for z, x, y, b, f in [
                (8, 203, 132, 48211, 3120),
                (10, 814, 529, 30992, 1877),
                (12, 3259, 2118, 11203, 402),
            ]
        ],
    )
    t.step(
        "Seeding finished: 61,432 tiles, no errors; spot checks at z8, z10 and z12 return populated tiles."
    )
    return t.healthy(
        "get_seed_job is polled ten times with identical arguments; five identical 'queued' answers precede "
        "'rendering' with growing counts and 'finished', then tiles are spot-checked. Polling a job is "
        "healthy."
    )


SCENARIOS = [
    seqera_run_polling,
    slurm_squeue_polling,
    envelope_status_polling,
    pg_backup_and_lag_polling,
    ota_rollout_waves,
    efiling_status_es,
    tile_seed_job_polling,
]
