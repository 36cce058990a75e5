"""Loops: failure streaks with changing inputs, schema misuse and identical failing calls (a Postgres
migration, e-signature envelopes, Slurm, OCPP over gRPC, SCIM provisioning, eth_getLogs, an OTA SOAP
service, court e-filing, a Semantic Kernel PMS plugin, a PydanticAI bank import)."""

from __future__ import annotations

from typing import Any

from .builder import C, Trace


def pg_unique_index_streak() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-009-pg-unique-index-duplicates",
        "A DBA agent backs up, checks lag and runs a migration; the unique index fails on duplicate keys "
        "and the agent keeps rewriting the index instead of looking at the duplicates",
        agent="DBA agent (OpenAI Agents SDK, psql and migration-runner tools)",
        model="gpt-4.1-2025-04-14",
        start="2026-03-09T05:30:00+00:00",
        meta={"harness": "openai-agents 0.6", "cluster": "prod-eu-pg16"},
    )
    t.user(
        "Apply migration 0147_orders_ext_ref_unique on prod-eu. Take a base backup first and make sure the "
        "replica is caught up before and after."
    )
    t.step(
        "Checking replica lag first.",
        C(
            "psql",
            {
                "host": "pg-replica-1",
                "sql": "SELECT pg_is_in_recovery(), now() - pg_last_xact_replay_timestamp() AS lag;",
            },
            " pg_is_in_recovery |       lag\n-------------------+-----------------\n t                 | "
            "00:00:00.812331\n(1 row)",
        ),
    )
    t.step(
        "Lag is under a second. Starting the backup.",
        C(
            "backup_create",
            {"cluster": "prod-eu-pg16", "kind": "base", "label": "pre-0147"},
            {"backup_id": "bk-20260309-0531", "state": "RUNNING"},
        ),
    )
    t.wait(240)
    t.step(
        "",
        C(
            "backup_status",
            {"backup_id": "bk-20260309-0531"},
            {"backup_id": "bk-20260309-0531", "state": "RUNNING"},
        ),
    )
    t.wait(300)
    t.step(
        "",
        C(
            "backup_status",
            {"backup_id": "bk-20260309-0531"},
            {
                "backup_id": "bk-20260309-0531",
                "state": "COMPLETED",
                "size_gb": 412.7,
                "wal_end": "3A/9F0021C8",
            },
        ),
    )
    t.step(
        "Backup done. Reading the migration.",
        C(
            "read_file",
            {"path": "migrations/0147_orders_ext_ref_unique.sql"},
            "-- 0147: enforce uniqueness of external references\nCREATE UNIQUE INDEX CONCURRENTLY "
            "orders_ext_ref_key ON orders (ext_ref);\n",
        ),
    )
    dup = 'ERROR:  could not create unique index "{name}"\nDETAIL:  Key ({key})=({val}) is duplicated.\n'
    fails = [
        t.step(
            "Running the migration.",
            C(
                "migrate",
                {"cluster": "prod-eu-pg16", "target": "0147"},
                "applying 0147_orders_ext_ref_unique ... "
                + dup.format(name="orders_ext_ref_key", key="ext_ref", val="A-1021")
                + "migrate: exit status 1",
                True,
            ),
        )
    ]
    fails.append(
        t.step(
            "A failed CONCURRENTLY build leaves an invalid index. Dropping it and building without "
            "CONCURRENTLY.",
            C(
                "psql",
                {
                    "host": "pg-primary",
                    "sql": "DROP INDEX IF EXISTS orders_ext_ref_key; CREATE UNIQUE INDEX orders_ext_ref_key "
                    "ON orders (ext_ref);",
                },
                "DROP INDEX\n" + dup.format(name="orders_ext_ref_key", key="ext_ref", val="A-1021"),
                True,
            ),
        )
    )
    fails.append(
        t.step(
            "NULLs might be involved; making it a partial index.",
            C(
                "psql",
                {
                    "host": "pg-primary",
                    "sql": "CREATE UNIQUE INDEX orders_ext_ref_uniq ON orders (ext_ref) WHERE ext_ref IS "
                    "NOT NULL;",
                },
                dup.format(name="orders_ext_ref_uniq", key="ext_ref", val="A-1021"),
                True,
            ),
        )
    )
    fails.append(
        t.step(
            "Perhaps case differences. Indexing the lowercased value.",
            C(
                "psql",
                {
                    "host": "pg-primary",
                    "sql": "CREATE UNIQUE INDEX orders_ext_ref_ci ON orders (lower(ext_ref));",
                },
                dup.format(name="orders_ext_ref_ci", key="lower(ext_ref)", val="a-1021"),
                True,
            ),
        )
    )
    fails.append(
        t.step(
            "Setting a lock timeout and retrying the original definition.",
            C(
                "psql",
                {
                    "host": "pg-primary",
                    "sql": "SET lock_timeout = '5s'; CREATE UNIQUE INDEX orders_ext_ref_key ON orders "
                    "(ext_ref);",
                },
                "SET\n" + dup.format(name="orders_ext_ref_key", key="ext_ref", val="A-1021"),
                True,
            ),
        )
    )
    fails.append(
        t.step(
            "Forcing the migration runner.",
            C(
                "migrate",
                {"cluster": "prod-eu-pg16", "target": "0147", "force": True},
                "applying 0147_orders_ext_ref_unique (forced) ... "
                + dup.format(name="orders_ext_ref_key", key="ext_ref", val="A-1021")
                + "migrate: exit status 1",
                True,
            ),
        )
    )
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        "After a clean backup and lag check, every attempt at the unique index fails with the same "
        "duplicate-key error (row A-1021), only the index definition changes (without CONCURRENTLY, "
        f"partial, lowercased, a lock timeout, forced). The 4th failure, at step {onset}, is the onset; the "
        "agent never queries the duplicate rows.",
    )


def esign_recipients_string() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-010-esign-recipients-as-string",
        "A contract agent keeps passing envelope recipients as a string; the e-signature API answers each "
        "call with the same 400 deserialisation body",
        agent="contract lifecycle agent (Vercel AI SDK tool loop, e-signature REST API)",
        model="anthropic/claude-sonnet-4-5",
        start="2026-06-02T13:00:00+00:00",
        ids="toolu",
        meta={"harness": "ai-sdk 6 ToolLoopAgent", "account": "ourco-legal"},
    )
    t.user(
        "Send the Nordvault MSA v3 for signature. Signer: Elin Berg <elin.berg@nordvault.example>, cc "
        "legal@ourco.example. Subject 'Nordvault MSA v3 — signature'."
    )
    t.step(
        "Looking up the document.",
        C(
            "getDocument",
            {"name": "Nordvault MSA v3"},
            {"documentId": "doc_88f1", "name": "Nordvault_MSA_v3.pdf", "pages": 14, "fields": 3},
        ),
    )
    body = (
        'HTTP/1.1 400 Bad Request\ncontent-type: application/json\n\n{"errorCode":"INVALID_REQUEST_BODY",'
        '"message":"The request body is missing or improperly formatted. Error converting value \\"%s\\" to '
        "type 'Recipients'. Path 'recipients', line 1, position %d.\"}"
    )
    variants = [
        ("Creating and sending the envelope.", "elin.berg@nordvault.example"),
        ("Adding her name to the recipient.", "Elin Berg <elin.berg@nordvault.example>"),
        ("Including the cc recipient as well.", "elin.berg@nordvault.example, legal@ourco.example"),
        ("Labelling the roles explicitly.", "signer:elin.berg@nordvault.example;cc:legal@ourco.example"),
        ("Passing the recipient as a JSON list.", '["elin.berg@nordvault.example"]'),
        ("Trying the plain address once more with status 'created'.", "elin.berg@nordvault.example"),
    ]
    fails = []
    for i, (text, rec) in enumerate(variants):
        args = {
            "documentId": "doc_88f1",
            "emailSubject": "Nordvault MSA v3 — signature",
            "recipients": rec,
            "status": "created" if i == len(variants) - 1 else "sent",
        }
        fails.append(t.step(text, C("createEnvelope", args, body % (rec.replace('"', '\\"'), 60 + len(rec)))))
    onset = fails[3]
    return t.loop(
        ["error_streak", "same_tool"],
        onset,
        "Every createEnvelope call passes recipients as a string (an address, a name and address, a list "
        "in a string) and every one gets the same HTTP 400 INVALID_REQUEST_BODY, reported only in the "
        f"content. The 4th failure, at step {onset}, is the onset; the schema wants an object with signers "
        "and carbonCopies.",
    )


def slurm_account_streak() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-011-slurm-invalid-account",
        "An HPC agent resubmits a GROMACS job with different partitions and options; sbatch rejects each "
        "with the same invalid account/partition error",
        agent="HPC assistant (goose CLI agent, developer shell extension)",
        model="gpt-4o-2024-08-06",
        start="2026-01-14T21:10:00+00:00",
        meta={"harness": "goose 1.9", "cluster": "tetralith-like (Slurm 23.11)"},
    )
    t.user(
        "Submit the GROMACS production run in ~/sims/lysozyme/ on the GPU nodes. Our project account is "
        "chem-md."
    )
    t.step(
        "",
        C(
            "shell",
            {"command": "cat ~/sims/lysozyme/run.sbatch"},
            "#!/bin/bash\n#SBATCH -J lyso-prod\n#SBATCH -A chem-md\n#SBATCH -p gpu\n#SBATCH -N 1\n#SBATCH "
            "--gres=gpu:1\n#SBATCH -t 12:00:00\nmodule load GROMACS/2024.4-CUDA\ngmx mdrun -deffnm md -nb "
            "gpu -pme gpu",
        ),
    )
    err = (
        "sbatch: error: Batch job submission failed: Invalid account or account/partition combination "
        "specified"
    )
    fails = [
        t.step(
            "The script looks right. Submitting.",
            C("shell", {"command": "cd ~/sims/lysozyme && sbatch run.sbatch"}, f"{err}\n[exit code 1]", True),
        )
    ]
    fails.append(
        t.step(
            "Maybe the gpu partition isn't open to us. Trying gpu-long.",
            C(
                "shell",
                {"command": "cd ~/sims/lysozyme && sbatch -p gpu-long run.sbatch"},
                f"{err}\n[exit code 1]",
                True,
            ),
        )
    )
    t.step(
        "Let me list the partitions.",
        C(
            "shell",
            {"command": "sinfo -s"},
            "PARTITION AVAIL  TIMELIMIT   NODES(A/I/O/T) NODELIST\nmain*        up 7-00:00:00  180/12/4/196 "
            "n[001-196]\ngpu          up 2-00:00:00     14/2/0/16 g[01-16]\ngpu-long     up 7-00:00:00      "
            " 3/1/0/4 g[17-20]\na100         up 2-00:00:00       6/0/0/6 a[01-06]",
        ),
    )
    variants = [
        (
            "Trying the A100 partition with the account on the command line.",
            "sbatch -p a100 -A chem-md run.sbatch",
        ),
        ("Adding an explicit QOS.", "sbatch -p gpu -A chem-md --qos=normal run.sbatch"),
        ("Requesting a specific GPU type.", "sbatch -p gpu -A chem-md --gres=gpu:a100:1 run.sbatch"),
        (
            "Shorter time limit in case the account has a cap.",
            "sbatch -p a100 -A chem-md -t 04:00:00 run.sbatch",
        ),
    ]
    for text, cmd in variants:
        fails.append(
            t.step(
                text, C("shell", {"command": f"cd ~/sims/lysozyme && {cmd}"}, f"{err}\n[exit code 1]", True)
            )
        )
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        "sbatch fails with the same 'Invalid account or account/partition combination' error for every "
        "partition, QOS, GPU type and time limit; the account itself is never checked (sacctmgr show "
        f"assoc). The 4th failure, at step {onset}, is the onset.",
    )


def ocpp_remote_start_vi() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-012-ocpp-remote-start-unavailable-vi",
        "A charging-network operations agent (Vietnamese) keeps sending remote-start requests to a charge "
        "point whose connectors are Unavailable; each fails with FailedPrecondition",
        agent="EV charging network operations agent (Google ADK LlmAgent, CSMS gRPC tools)",
        model="gemini-2.5-flash",
        start="2026-05-30T03:40:00+00:00",
        ids="adk",
        meta={"harness": "google-adk 1.18", "csms": "csms.ev-example.vn:443"},
    )
    t.user(
        "Khách hàng ở bãi xe Q7 báo không sạc được ở trụ CP-0415. Hãy thử khởi động phiên sạc từ xa cho thẻ "
        "RFID 04A2B9C1."
    )
    t.step(
        "Tôi kiểm tra trạng thái trụ sạc trước.",
        C(
            "get_charge_point",
            {"charge_point_id": "CP-0415"},
            {
                "id": "CP-0415",
                "model": "Wallbox Supernova 60",
                "firmware": "5.12.3",
                "last_heartbeat": "2026-05-30T03:38:51Z",
                "connectors": [
                    {
                        "id": 1,
                        "status": "Unavailable",
                        "error_code": "NoError",
                        "since": "2026-05-29T22:04:10Z",
                    },
                    {
                        "id": 2,
                        "status": "Unavailable",
                        "error_code": "NoError",
                        "since": "2026-05-29T22:04:10Z",
                    },
                ],
            },
        ),
    )

    def start(text: str, connector: int, tag: str, status: str, **extra: Any) -> int:
        return t.step(
            text,
            C(
                "remote_start_transaction",
                {"charge_point_id": "CP-0415", "connector_id": connector, "id_tag": tag, **extra},
                f"rpc error: code = FailedPrecondition desc = {status}",
                True,
            ),
        )

    fails = [
        start(
            "Trụ vẫn gửi heartbeat. Tôi gửi lệnh RemoteStartTransaction trên đầu nối 1.",
            1,
            "04A2B9C1",
            "charge point CP-0415 connector 1 is Unavailable",
        ),
        start(
            "Đầu nối 1 bị từ chối. Thử đầu nối 2.",
            2,
            "04A2B9C1",
            "charge point CP-0415 connector 2 is Unavailable",
        ),
        start(
            "Có thể mã thẻ phải viết thường.",
            1,
            "04a2b9c1",
            "charge point CP-0415 connector 1 is Unavailable",
        ),
        start(
            "Để hệ thống tự chọn đầu nối (connector 0).",
            0,
            "04A2B9C1",
            "CP-0415: no connector in state Available (0/2)",
        ),
        start(
            "Thử lại đầu nối 2 kèm mã đặt chỗ.",
            2,
            "04A2B9C1",
            "charge point CP-0415 connector 2 is Unavailable",
            reservation_id=7781,
        ),
        start("Gửi lại cho đầu nối 1.", 1, "04A2B9C1", "charge point CP-0415 connector 1 is Unavailable"),
    ]
    t.system("[adk] max_llm_calls for this invocation reached (16).")
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        "The charge point reports both connectors Unavailable since the night before, and every "
        "remote_start_transaction fails with gRPC FailedPrecondition for that reason, whatever connector "
        f"or tag spelling is sent. The 4th failure, at step {onset}, is the onset; the agent never sends "
        "ChangeAvailability or a reset.",
    )


def scim_emails_object() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-013-scim-emails-not-multivalued",
        "A SaaS onboarding agent configures SAML, a group and a SCIM token, then provisions pilot users over "
        "SCIM with emails as an object; every user fails with the same invalidSyntax error and the agent "
        "moves on to the next user",
        agent="SaaS customer-onboarding agent (Mastra agent, SCIM 2.0 and tenant admin tools)",
        model="gpt-4.1-mini",
        start="2026-02-02T08:15:00+00:00",
        ids="short",
        meta={"harness": "mastra 0.17", "tenant": "acme-logi"},
    )
    t.user(
        "Finish onboarding tenant acme-logi: SAML with their Entra ID (metadata in uploads/), a 'Dispatch' "
        "group, a SCIM token for their IT, then provision the five pilot users from pilot_users.csv via "
        "SCIM into Dispatch."
    )
    t.step(
        "",
        C(
            "get_tenant",
            {"tenant": "acme-logi"},
            {"tenant": "acme-logi", "plan": "business", "sso": {"configured": False}, "groups": []},
        ),
    )
    t.step(
        "Reading the IdP metadata.",
        C(
            "read_file",
            {"path": "uploads/acme-logi/entra-federation-metadata.xml"},
            '<EntityDescriptor entityID="https://sts.windows.net/4f1c.../"><IDPSSODescriptor>'
            '<KeyDescriptor use="signing">...</KeyDescriptor>'
            '<SingleSignOnService Location="https://login.microsoftonline.com/4f1c.../saml2"/>'
            "</IDPSSODescriptor></EntityDescriptor>",
        ),
    )
    t.step(
        "",
        C(
            "set_saml_config",
            {
                "tenant": "acme-logi",
                "idp_entity_id": "https://sts.windows.net/4f1c.../",
                "sso_url": "https://login.microsoftonline.com/4f1c.../saml2",
                "cert_fingerprint": "9A:3C:...:E1",
            },
            {
                "ok": True,
                "sp_entity_id": "https://app.example.com/saml/acme-logi",
                "acs_url": "https://app.example.com/saml/acme-logi/acs",
            },
        ),
    )
    t.step(
        "", C("test_saml_metadata", {"tenant": "acme-logi"}, {"valid": True, "cert_expires": "2028-11-02"})
    )
    t.step(
        "Creating the group.",
        C(
            "create_group",
            {"tenant": "acme-logi", "name": "Dispatch"},
            {"id": "grp_7f21", "name": "Dispatch"},
        ),
    )
    t.step(
        "",
        C(
            "create_scim_token",
            {"tenant": "acme-logi", "label": "entra-provisioning"},
            {"token_id": "scim_tok_41", "expires": "2027-02-02", "shown_once": True},
        ),
    )
    users = [
        ("jonas.lind", "Jonas", "Lind"),
        ("maria.sanchez", "María", "Sánchez"),
        ("tuan.nguyen", "Tuấn", "Nguyễn"),
        ("aylin.kaya", "Aylin", "Kaya"),
        ("ben.okafor", "Ben", "Okafor"),
    ]
    t.step(
        "",
        C(
            "read_csv",
            {"path": "uploads/acme-logi/pilot_users.csv"},
            "userName,givenName,familyName,email\n"
            + "\n".join(f"{u},{g},{f},{u}@acme-logi.example" for u, g, f in users),
        ),
    )
    err = {
        "schemas": ["urn:ietf:params:scim:api:messages:2.0:Error"],
        "status": "400",
        "scimType": "invalidSyntax",
        "detail": "Attribute 'emails' must be multi-valued",
    }
    texts = [
        "Creating the first user.",
        "That failed; I'll continue with the next user and come back to it.",
        "Next user.",
        "Continuing with Aylin.",
        "Last one.",
    ]
    fails = []
    for text, (u, g, f) in zip(texts, users, strict=True):
        args = {
            "schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"],
            "userName": f"{u}@acme-logi.example",
            "name": {"givenName": g, "familyName": f},
            "emails": {"value": f"{u}@acme-logi.example", "primary": True},
            "active": True,
        }
        fails.append(t.step(text, C("scim_create_user", args, err, True)))
    fails.append(
        t.step(
            "Retrying the first user with the email type set.",
            C(
                "scim_create_user",
                {
                    "schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"],
                    "userName": "jonas.lind@acme-logi.example",
                    "name": {"givenName": "Jonas", "familyName": "Lind"},
                    "emails": {"value": "jonas.lind@acme-logi.example", "type": "work", "primary": True},
                    "active": True,
                },
                err,
                True,
            ),
        )
    )
    t.step("None of the five users could be created; the SCIM endpoint rejects the requests.")
    onset = fails[3]
    return t.loop(
        ["error_streak", "same_tool"],
        onset,
        "After six steps of real setup, the same schema mistake (emails sent as an object, not a list) "
        "fails with the same SCIM invalidSyntax error for every user; only the user changes. The 4th "
        f"failure, at step {onset}, is the onset; a fan-out where every item fails the same way is a "
        "schema-misuse loop, not a batch.",
    )


def eth_getlogs_range_streak() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-014-eth-getlogs-too-many-results",
        "An indexer agent shrinks an eth_getLogs block range by small steps; the node answers every call "
        "with the same 'more than 10000 results' JSON-RPC error and a suggested range it ignores",
        agent="on-chain indexer agent (LangGraph, JSON-RPC and Postgres tools)",
        model="deepseek-chat",
        start="2026-03-27T11:00:00+00:00",
        meta={"harness": "langgraph 1.2", "rpc": "eth-mainnet (self-hosted erigon)"},
    )
    token = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"
    topic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"
    t.user(
        f"Backfill ERC-20 Transfer events for {token} from block 18,000,000 to 18,500,000 into "
        "indexer.transfers."
    )
    t.step(
        "",
        C("eth_blockNumber", {}, {"jsonrpc": "2.0", "id": 1, "result": "0x16a1f3c"}),
    )
    fails = []
    for i, end in enumerate([18_500_000, 18_450_000, 18_400_000, 18_300_000, 18_250_000, 18_200_000]):
        text = [
            "Fetching the whole range in one call.",
            "Too many results. Trimming the range a little.",
            "Still too many; trimming more.",
            "Cutting the range further.",
            "Trying a smaller end block.",
            "Again with a smaller end block.",
        ][i]
        fails.append(
            t.step(
                text,
                C(
                    "eth_getLogs",
                    {"fromBlock": hex(18_000_000), "toBlock": hex(end), "address": token, "topics": [topic]},
                    {
                        "jsonrpc": "2.0",
                        "id": 2 + i,
                        "error": {
                            "code": -32005,
                            "message": "query returned more than 10000 results. Try with this block range "
                            "[0x112a880, 0x112b1c3].",
                        },
                    },
                ),
            )
        )
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        "Each eth_getLogs call fails (in the JSON-RPC body only) with -32005 'more than 10000 results' and "
        "the same suggested 2,372-block range; the agent trims 50,000-100,000 blocks at a time, which can "
        f"never get under the limit in useful time. The 4th failure, at step {onset}, is the onset.",
    )


def ota_soap_fault() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-015-ota-soap-fault-version-strings",
        "A firmware agent retries an OTA deployment with different spellings of one version; the "
        "device-management SOAP service returns the same unsigned-image fault each time",
        agent="IoT fleet firmware agent (AutoGen AssistantAgent, device-management SOAP tools)",
        model="gpt-4o-2024-11-20",
        start="2026-04-15T06:00:00+00:00",
        meta={"harness": "autogen-agentchat 0.7", "fleet": "smart-meters-eu"},
    )
    t.user("Roll firmware 4.2.1 out to the 'pilot-eu' group of smart meters (all hardware rev C).")
    t.step(
        "",
        C(
            "list_firmware_images",
            {"product": "SM-300"},
            '<?xml version="1.0"?><images><image version="4.2.0" hw="A,B,C" signed="true"/>'
            '<image version="4.2.1" hw="A,B" signed="true"/><image version="4.2.1-c" hw="C" signed="true"/>'
            "</images>",
        ),
    )
    fault = (
        '<?xml version="1.0"?><soap:Envelope '
        'xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>'
        "<soap:Fault><faultcode>soap:Client</faultcode><faultstring>{msg}</faultstring><detail><code>OTA-409"
        "</code></detail></soap:Fault></soap:Body></soap:Envelope>"
    )
    tries = [
        (
            "Deploying 4.2.1 to the pilot group.",
            {"version": "4.2.1"},
            "Image 4.2.1 is not signed for hardware revision C",
        ),
        (
            "Maybe the service expects the v prefix.",
            {"version": "v4.2.1"},
            "Image 4.2.1 is not signed for hardware revision C",
        ),
        (
            "Using the full build identifier.",
            {"version": "4.2.1+build.77"},
            "Image 4.2.1 (build 77) is not signed for hardware rev. C",
        ),
        (
            "Forcing the deployment.",
            {"version": "4.2.1", "force": True},
            "Image 4.2.1 is not signed for hardware revision C",
        ),
        (
            "Passing the hardware revision explicitly.",
            {"version": "4.2.1", "hw_rev": "C"},
            "Image 4.2.1 not signed for HW rev C",
        ),
    ]
    fails = [
        t.step(
            text,
            C("ota_deploy", {"group": "pilot-eu", "schedule": "now", **args}, fault.format(msg=msg)),
        )
        for text, args, msg in tries
    ]
    t.step("The deployment service refuses 4.2.1 for this group; I couldn't start the rollout.")
    onset = fails[3]
    return t.loop(
        ["error_streak", "same_tool"],
        onset,
        "Every ota_deploy call names 4.2.1 in another form and every one gets the same SOAP fault OTA-409 "
        "(the image is not signed for rev C), in the content only; the rev C build 4.2.1-c was listed in "
        f"the first step. The 4th failure, at step {onset}, is the onset.",
    )


def efiling_pdfa_es() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-016-efiling-pdfa-rechazado-es",
        "A legal e-filing agent (Spanish) resubmits the same non-PDF/A document under other names and "
        "types; the court portal rejects it every time for the PDF/A format",
        agent="legal e-filing assistant (CrewAI agent, court-portal submission tools)",
        model="mistral-large-2411",
        start="2026-06-16T09:05:00+00:00",
        ids="call",
        meta={"harness": "crewai 0.201", "portal": "sede judicial (sandbox)"},
    )
    t.user(
        "Presenta el escrito de contestación a la demanda en el procedimiento ordinario 412/2026 del "
        "Juzgado de Primera Instancia nº 3 de Valencia. El PDF está en "
        "/expedientes/412-2026/contestacion.pdf."
    )
    t.step(
        "Reviso primero el PDF.",
        C(
            "pdf_info",
            {"path": "/expedientes/412-2026/contestacion.pdf"},
            "PDF-1.7 · 23 páginas · PDF/A: no · fuentes no incrustadas: 4 · firmado: no",
        ),
    )

    def submit(text: str, path: str, tipo: str, msg: str, **extra: Any) -> int:
        return t.step(
            text,
            C(
                "presentar_escrito",
                {
                    "procedimiento": "ORD 412/2026",
                    "organo": "JPI 3 Valencia",
                    "documento": path,
                    "tipo": tipo,
                    **extra,
                },
                {"resultado": "RECHAZADO", "codigo": "E-217", "mensaje": msg},
            ),
        )

    m1 = "El documento principal no cumple el formato PDF/A-1b exigido por la sede."
    m2 = "El documento principal no es PDF/A (nivel 1b requerido)."
    fails = [
        submit(
            "Presento el escrito.", "/expedientes/412-2026/contestacion.pdf", "Contestación a la demanda", m1
        ),
        submit(
            "Puede que el nombre del fichero importe; uso el de la firma.",
            "/expedientes/412-2026/contestacion_firmada.pdf",
            "Contestación a la demanda",
            m1,
        ),
        submit(
            "Pruebo con el tipo genérico 'Escrito'.", "/expedientes/412-2026/contestacion.pdf", "Escrito", m1
        ),
        submit(
            "Añado la firma CAdES.",
            "/expedientes/412-2026/contestacion.pdf",
            "Contestación a la demanda",
            m2,
            firma="cades",
        ),
        submit(
            "Lo intento como documento adjunto principal.",
            "/expedientes/412-2026/contestacion.pdf",
            "Contestación a la demanda",
            m2,
            principal=True,
        ),
    ]
    t.step("La sede sigue rechazando el escrito por el formato; no he podido presentarlo.")
    onset = fails[3]
    return t.loop(
        ["error_streak"],
        onset,
        "The same non-PDF/A file is submitted five times under another name, type or signature option; the "
        "portal rejects each with E-217 (PDF/A-1b required), in Spanish and only in the content. The 4th "
        f"failure, at step {onset}, is the onset; the agent never converts the file.",
    )


def sk_assign_room_type_error() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-017-sk-assign-room-int64-string",
        "A hotel front-desk agent on Semantic Kernel passes room numbers as integers; the PMS plugin throws "
        "the same .NET conversion exception for every room it tries",
        agent="hotel front-desk agent (Semantic Kernel .NET, PMS plugin)",
        model="gpt-4o-2024-11-20",
        start="2026-07-03T06:50:00+00:00",
        ids="call",
        meta={"harness": "Microsoft.SemanticKernel 1.61", "property": "harbour-hotel-gbg"},
    )
    t.user(
        "Guest Okafor (reservation 88213) lands early. Assign a king room on floor 8 or higher and flag "
        "early check-in."
    )
    t.step(
        "",
        C(
            "Rooms-find_available_rooms",
            {"room_type": "KING", "min_floor": 8, "date": "2026-07-03"},
            {
                "rooms": [
                    {"number": "0812", "status": "clean"},
                    {"number": "0907", "status": "clean"},
                    {"number": "1004", "status": "inspected"},
                ]
            },
        ),
    )
    trace = (
        "Error: Function failed. System.ArgumentException: Object of type '{t}' cannot be converted to type "
        "'System.String'.\n   at System.RuntimeType.CheckValue(Object& value, Binder binder, CultureInfo "
        "culture, BindingFlags invokeAttr)\n   at "
        "System.Reflection.MethodBaseInvoker.InvokeWithOneArg(Object obj, BindingFlags invokeAttr, Binder "
        "binder, Object[] parameters, CultureInfo culture)\n   at "
        "Microsoft.SemanticKernel.KernelFunctionFromMethod.<>c__DisplayClass21_0."
        "<GetMethodDetails>b__0(Kernel kernel, KernelFunction function, KernelArguments arguments, "
        "CancellationToken cancellationToken)"
    )
    tries = [
        ("Assigning 812.", {"reservation_id": 88213, "room_number": 812}, "System.Int64"),
        ("That room failed; trying 907.", {"reservation_id": 88213, "room_number": 907}, "System.Int64"),
        ("Trying 1004.", {"reservation_id": 88213, "room_number": 1004}, "System.Int64"),
        (
            "Maybe the reservation id must be a string.",
            {"reservation_id": "88213", "room_number": 812},
            "System.Int64",
        ),
        (
            "Sending the number as a decimal.",
            {"reservation_id": "88213", "room_number": 812.0},
            "System.Double",
        ),
    ]
    fails = [
        t.step(text, C("Rooms-assign_room", args, trace.format(t=typ), True)) for text, args, typ in tries
    ]
    onset = fails[3]
    return t.loop(
        ["error_streak", "same_tool"],
        onset,
        "Every Rooms-assign_room call sends room_number as a number and fails with the same "
        "System.ArgumentException (a string is required, as find_available_rooms showed: '0812'). The 4th "
        f"failure, at step {onset}, is the onset.",
    )


def pydantic_import_identical() -> dict[str, Any]:
    t = Trace(
        "blind10-loop-018-budget-import-decimal-identical",
        "A budgeting agent re-runs the identical bank CSV import after each decimal-parsing validation error",
        agent="personal finance budgeting agent (PydanticAI, local bank-file tools)",
        model="anthropic:claude-haiku-4-5",
        start="2026-04-01T18:45:00+00:00",
        ids="toolu",
        meta={"harness": "pydantic-ai 1.9", "profile": "household"},
    )
    t.user("Import my March statement (~/Downloads/kontoutdrag_mars.csv) and categorise the spending.")
    t.step(
        "",
        C(
            "preview_file",
            {"path": "~/Downloads/kontoutdrag_mars.csv", "lines": 4},
            "Datum;Text;Belopp;Saldo\n2026-03-01;ICA NARA HORNSTULL;-1.234,56;18.420,11\n2026-03-02;SL "
            "ACCESS;-43,00;18.377,11\n2026-03-03;LON MARS;31.200,00;49.577,11",
        ),
    )
    err = (
        "pydantic_core._pydantic_core.ValidationError: 1 validation error for Transaction\namount\n  Input "
        "should be a valid decimal [type=decimal_parsing, input_value='-1.234,56', input_type=str]\n    For "
        "further information visit https://errors.pydantic.dev/2.11/v/decimal_parsing"
    )
    imp = C(
        "import_bank_csv", {"path": "~/Downloads/kontoutdrag_mars.csv", "account": "household"}, err, True
    )
    texts = [
        "Importing the statement.",
        "The import hit a validation error. Trying again.",
        "Let me re-run the import.",
        "Running the import once more.",
        "Retrying the import.",
    ]
    fails = [t.step(text, imp) for text in texts]
    t.system("UsageLimitExceeded: The next request would exceed the request_limit of 8")
    onset = fails[3]
    return t.loop(
        ["error_streak", "identical_call"],
        onset,
        "The identical import_bank_csv call fails identically five times (Swedish decimal commas, visible "
        f"in the preview, do not parse). The 4th identical failure, at step {onset}, is the onset.",
    )


SCENARIOS = [
    pg_unique_index_streak,
    esign_recipients_string,
    slurm_account_streak,
    ocpp_remote_start_vi,
    scim_emails_object,
    eth_getlogs_range_streak,
    ota_soap_fault,
    efiling_pdfa_es,
    sk_assign_room_type_error,
    pydantic_import_identical,
]
