package dev.taskgate.jobctl;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.catalog.OperationCatalog;
import dev.taskgate.contracts.catalog.UpstreamTools;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.Rejected;
import dev.taskgate.contracts.event.Failed;
import dev.taskgate.contracts.event.Finished;
import dev.taskgate.contracts.operator.AuditEntry;
import dev.taskgate.contracts.operator.AuditPage;
import dev.taskgate.contracts.operator.OperatorUpstreams;
import dev.taskgate.contracts.upstream.RegisteredUpstreamTarget;
import dev.taskgate.jobctl.upstream.UpstreamCircuit;
import dev.taskgate.jobctl.upstream.db.UpstreamCircuitRepository;
import dev.taskgate.payload.PayloadCipher;
import dev.taskgate.payload.PayloadKeyRing;
import dev.taskgate.payload.PayloadUnreadableException;
import dev.taskgate.payload.UpstreamCredentialSealing;
import dev.taskgate.testsupport.DevPayloadKeys;

import static dev.taskgate.jobctl.JobControlFixture.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Upstreams registered through job-control's internal operator API, against the real database and a stand-in
 * upstream on loopback (counted as public by {@link TestUpstreamAddresses}): create, get, update and delete with their
 * effect on the catalog feed, every refusal (conflicts, the upstreams file's read-only upstream, another project,
 * the network policy, bad bodies, a stale {@code If-Match}) changing nothing, every call audited, the credential
 * sealed at rest and never in an answer, the audit log or the log, and worker-pool's call target.
 */
@QuarkusTest
class UpstreamRegistrationApiTest {
    private static final String OPERATOR = "https://taskgate.local/dev operator-1";
    private static final String SECRET = "Bearer s3cret-registered-token";
    private static final String BASE = "/internal/v1/operator/upstreams";

    private static HttpServer upstream;
    private static JobControlFixture fixture;
    private static final List<String> authorizations = new CopyOnWriteArrayList<>();
    private static final List<String> hosts = new CopyOnWriteArrayList<>();
    // while set, the stand-in answers initialize and tools/list with 503: it cannot be listed
    private static volatile boolean refuseListings;
    private static final List<String> logged = new CopyOnWriteArrayList<>();
    private static final Handler CAPTURE = new Handler() {
        @Override
        public void publish(LogRecord record) {
            logged.add(String.valueOf(record.getMessage()) + " " + java.util.Arrays.toString(record.getParameters()));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @Inject
    Pool pool;

    @Inject
    UpstreamCircuitRepository circuits;

    @BeforeAll
    static void startUpstream() throws IOException {
        fixture = new JobControlFixture();
        upstream = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        upstream.createContext("/mcp", UpstreamRegistrationApiTest::answer);
        upstream.start();
        Logger.getLogger("").addHandler(CAPTURE);
    }

    @AfterAll
    static void stopUpstream() {
        Logger.getLogger("").removeHandler(CAPTURE);
        upstream.stop(0);
        fixture.close();
    }

    // the stand-in is gone: this class's registrations leave, so no later test lists them again and again
    @AfterEach
    void forgetRegistrations() {
        refuseListings = false;
        pool.preparedQuery("delete from jobctl.upstream_registration where workspace like 'org-up-%'")
                .execute()
                .await()
                .indefinitely();
    }

    // initialize, the initialized notification and one page of tools: echo and ping
    private static void answer(HttpExchange exchange) throws IOException {
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        authorizations.add(authorization == null ? "" : authorization);
        hosts.add(String.valueOf(exchange.getRequestHeaders().getFirst("Host")));
        if (!"POST".equals(exchange.getRequestMethod())) {
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
            return;
        }
        JsonNode message = Wire.fromBytes(exchange.getRequestBody().readAllBytes(), JsonNode.class);
        if (refuseListings) {
            exchange.sendResponseHeaders(503, -1);
            exchange.close();
            return;
        }
        String result = switch (message.path("method").asText()) {
            case "initialize" ->
                "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":{}},"
                        + "\"serverInfo\":{\"name\":\"stand-in\",\"version\":\"1\"}}";
            case "tools/list" ->
                "{\"tools\":[{\"name\":\"echo\",\"inputSchema\":{\"type\":\"object\"}},"
                        + "{\"name\":\"ping\",\"inputSchema\":{\"type\":\"object\"}}]}";
            default -> null;
        };
        if (result == null) {
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
            return;
        }
        byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":" + message.get("id") + ",\"result\":" + result + "}")
                .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.getResponseHeaders().add("Mcp-Session-Id", "s-1");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private static String url() {
        return "http://127.0.0.1:" + upstream.getAddress().getPort() + "/mcp";
    }

    private static String fresh() {
        return "u-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static String project() {
        return "org-up-" + UUID.randomUUID() + "/p";
    }

    private static RequestSpecification operator(String workspace, String method, String path) {
        return SignedCalls.signed()
                .header(SignedCalls.PRINCIPAL, OPERATOR)
                .header(SignedCalls.WORKSPACE, workspace)
                .header(SignedCalls.ROUTE, method + " /v1/orgs/x/projects/y/operator/upstreams" + path);
    }

    private static Response create(String workspace, String body) {
        return operator(workspace, "POST", "")
                .contentType("application/json")
                .body(body.getBytes(StandardCharsets.UTF_8))
                .post(BASE);
    }

    private static Response get(String workspace, String id) {
        return operator(workspace, "GET", "/" + id).get(BASE + "/" + id);
    }

    private static Response put(String workspace, String id, String ifMatch, String body) {
        RequestSpecification request = operator(workspace, "PUT", "/" + id)
                .contentType("application/json")
                .body(body.getBytes(StandardCharsets.UTF_8));
        return (ifMatch == null ? request : request.queryParam("ifMatch", ifMatch)).put(BASE + "/" + id);
    }

    private static Response delete(String workspace, String id, String ifMatch) {
        RequestSpecification request = operator(workspace, "DELETE", "/" + id);
        return (ifMatch == null ? request : request.queryParam("ifMatch", ifMatch)).delete(BASE + "/" + id);
    }

    private static String body(String id, String namespace, String extra) {
        return "{\"id\":\"" + id + "\",\"url\":\"" + url() + "\",\"namespace\":\"" + namespace + "\","
                + "\"credential\":{\"header\":\"Authorization\",\"value\":\"" + SECRET + "\"},"
                + "\"connectTimeout\":\"2s\",\"callTimeout\":\"30s\"" + extra + "}";
    }

    private static UpstreamTools catalog() {
        return Wire.fromBytes(
                SignedCalls.signed()
                        .get("/internal/v1/catalog/upstream-tools")
                        .then()
                        .statusCode(200)
                        .extract()
                        .asByteArray(),
                UpstreamTools.class);
    }

    private static Set<String> toolNames() {
        return catalog().byName().keySet();
    }

    private static List<AuditEntry> audit(String workspace) {
        return Wire.fromBytes(
                        operator(workspace, "GET", "")
                                .get("/internal/v1/operator/audit?limit=100")
                                .then()
                                .statusCode(200)
                                .extract()
                                .asByteArray(),
                        AuditPage.class)
                .items();
    }

    @Test
    void aRegisteredUpstreamIsListedChangedAndDeletedWithItsCredentialNeverShown() {
        String ws = project();
        String id = fresh();
        String ns = "ns" + id.substring(2);

        Response created = create(ws, body(id, ns, ",\"allowedTools\":[\"echo\",\"ping\"]"));

        created.then().statusCode(201).header("ETag", "\"1\"");
        JsonNode view = Wire.fromBytes(created.asByteArray(), JsonNode.class);
        assertThat(view.path("source").asText()).isEqualTo("api");
        assertThat(view.path("revision").asLong()).isEqualTo(1);
        assertThat(view.path("owner").asText()).isEqualTo(ws);
        assertThat(view.path("definition").path("workspaces").toString()).isEqualTo("[\"" + ws + "\"]");
        assertThat(view.path("credential").toString()).isEqualTo("{\"header\":\"Authorization\",\"set\":true}");
        assertThat(created.asString()).doesNotContain("s3cret");
        await().atMost(WAIT).until(() -> toolNames().containsAll(List.of(ns + ".echo", ns + ".ping")));
        assertThat(authorizations).contains(SECRET);
        assertThat(SignedCalls.signed()
                        .get("/internal/v1/catalog/upstream-tools")
                        .asString())
                .as("the feed of mcp-frontend and worker-pool")
                .doesNotContain("s3cret")
                .doesNotContain("Authorization");
        assertThat(catalog().upstreams())
                .filteredOn(s -> s.id().equals(id))
                .singleElement()
                .satisfies(s -> {
                    assertThat(s.revision()).isEqualTo(1L);
                    assertThat(s.workspaces()).containsExactly(ws);
                });
        Response got = get(ws, id);
        got.then().statusCode(200).header("ETag", "\"1\"");
        assertThat(got.asString()).doesNotContain("s3cret");

        // the credential is kept when the update leaves it out; the tools are listed again
        authorizations.clear();
        Response updated = put(
                ws,
                id,
                "\"1\"",
                "{\"url\":\"" + url() + "\",\"namespace\":\"" + ns + "\",\"allowedTools\":[\"echo\"]}");
        updated.then().statusCode(200).header("ETag", "\"2\"");
        assertThat(Wire.fromBytes(updated.asByteArray(), JsonNode.class)
                        .path("credential")
                        .path("header")
                        .asText())
                .isEqualTo("Authorization");
        await().atMost(WAIT)
                .until(() -> toolNames().contains(ns + ".echo") && !toolNames().contains(ns + ".ping"));
        assertThat(authorizations).contains(SECRET);

        // a stale revision changes nothing
        put(ws, id, "\"1\"", "{\"url\":\"" + url() + "\",\"namespace\":\"" + ns + "\"}")
                .then()
                .statusCode(412)
                .contentType("application/problem+json");
        delete(ws, id, "\"1\"").then().statusCode(412);
        get(ws, id).then().statusCode(200).header("ETag", "\"2\"");

        delete(ws, id, "\"2\"").then().statusCode(204);

        get(ws, id).then().statusCode(404).contentType("application/problem+json");
        await().atMost(WAIT).until(() -> toolNames().stream().noneMatch(n -> n.startsWith(ns + ".")));
        assertThat(catalog().upstreams()).noneMatch(s -> s.id().equals(id));
        List<AuditEntry> oldestFirst = new ArrayList<>(audit(ws));
        java.util.Collections.reverse(oldestFirst);
        assertThat(oldestFirst)
                .extracting(AuditEntry::action, AuditEntry::target, AuditEntry::outcome)
                .containsSubsequence(
                        org.assertj.core.groups.Tuple.tuple("upstreams.create", id, "ok"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.get", id, "ok"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.update", id, "ok"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.update", id, "precondition_failed"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.delete", id, "precondition_failed"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.get", id, "ok"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.delete", id, "ok"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.get", id, "not_found"));
        assertThat(logged)
                .as("the log is seen")
                .anyMatch(line -> line.contains("Upstream listed") && line.contains(id));
        assertThat(logged).noneMatch(line -> line.contains("s3cret"));
    }

    @Test
    void theCredentialIsSealedAtRestBoundToItsUpstreamAndHandedToWorkerPoolStillSealed() {
        String ws = project();
        String id = fresh();
        create(ws, body(id, "ns" + id.substring(2), "")).then().statusCode(201);

        Row row = pool.preparedQuery("select definition::text as definition, credential_header, credential_value "
                        + "from jobctl.upstream_registration where id = $1")
                .execute(Tuple.of(id))
                .await()
                .indefinitely()
                .iterator()
                .next();
        byte[] sealed = row.getBuffer("credential_value").getBytes();
        assertThat(row.getString("definition")).doesNotContain("s3cret").doesNotContain("credential");
        assertThat(row.getString("credential_header")).isEqualTo("Authorization");
        assertThat(new String(sealed, StandardCharsets.ISO_8859_1)).doesNotContain("s3cret");
        UpstreamCredentialSealing ring = new UpstreamCredentialSealing(
                new PayloadCipher(PayloadKeyRing.parse("test", DevPayloadKeys.RING), new SecureRandom()));
        assertThat(ring.open(id, sealed)).isEqualTo(SECRET);
        assertThatThrownBy(() -> ring.open(fresh(), sealed)).isInstanceOf(PayloadUnreadableException.class);

        Response target = SignedCalls.signed()
                .header(SignedCalls.ISSUER, "worker-pool")
                .get("/internal/v1/upstreams/" + id + "/call-target");
        target.then().statusCode(200);
        RegisteredUpstreamTarget answered = Wire.fromBytes(target.asByteArray(), RegisteredUpstreamTarget.class);
        assertThat(answered.revision()).isEqualTo(1);
        assertThat(answered.definition().path("url").asText()).isEqualTo(url());
        assertThat(answered.credentialHeader()).isEqualTo("Authorization");
        assertThat(ring.open(id, Base64.getDecoder().decode(answered.sealedCredential())))
                .isEqualTo(SECRET);
        assertThat(target.asString()).doesNotContain("s3cret");

        // the frontend may not read it; an upstream of the file or none is not found
        SignedCalls.signed()
                .get("/internal/v1/upstreams/" + id + "/call-target")
                .then()
                .statusCode(403);
        SignedCalls.signed()
                .header(SignedCalls.ISSUER, "worker-pool")
                .get("/internal/v1/upstreams/from-file/call-target")
                .then()
                .statusCode(404);
        SignedCalls.signed()
                .header(SignedCalls.ISSUER, "worker-pool")
                .get("/internal/v1/upstreams/" + fresh() + "/call-target")
                .then()
                .statusCode(404);
        assertThat(logged).noneMatch(line -> line.contains("s3cret"));
    }

    @Test
    void idsAndNamespacesAreUniqueAcrossTheFileAndTheRegistrationsAndTheFilesUpstreamIsReadOnly() {
        String ws = project();
        String other = project();
        String id = fresh();
        String ns = "ns" + id.substring(2);
        create(ws, body(id, ns, "")).then().statusCode(201);

        assertProblem(create(other, body(id, "x" + ns, "")), 409, "upstream-conflict", "The id " + id + " is taken");
        assertProblem(create(other, body(fresh(), ns, "")), 409, "upstream-conflict", "The namespace " + ns);
        assertProblem(create(other, body("from-file", "x" + ns, "")), 409, "upstream-conflict", "upstreams file");
        assertProblem(create(other, body(fresh(), "filed", "")), 409, "upstream-conflict", "upstreams file");
        String second = fresh();
        create(ws, body(second, "ns" + second.substring(2), "")).then().statusCode(201);
        assertProblem(
                put(ws, second, null, "{\"url\":\"" + url() + "\",\"namespace\":\"" + ns + "\"}"),
                409,
                "upstream-conflict",
                "The namespace " + ns);

        // another project does not see the registration at all
        get(other, id).then().statusCode(404);
        put(other, id, null, "{\"url\":\"" + url() + "\"}").then().statusCode(404);
        delete(other, id, null).then().statusCode(404);
        get(ws, id).then().statusCode(200).header("ETag", "\"1\"");

        // the file's upstream: shown to the projects it admits, changed only in the file
        String filed = "org-file/p" + UUID.randomUUID().toString().substring(0, 4);
        Response fromFile = get(filed, "from-file");
        fromFile.then().statusCode(200);
        JsonNode view = Wire.fromBytes(fromFile.asByteArray(), JsonNode.class);
        assertThat(view.path("source").asText()).isEqualTo("file");
        assertThat(view.has("revision")).isFalse();
        assertProblem(
                put(filed, "from-file", null, "{\"url\":\"" + url() + "\"}"),
                409,
                "upstream-conflict",
                "Upstream from-file is defined in the upstreams file");
        assertProblem(delete(filed, "from-file", null), 409, "upstream-conflict", "defined in the upstreams file");
        get(ws, "from-file").then().statusCode(404);
        put(ws, "from-file", null, "{\"url\":\"" + url() + "\",\"namespace\":\"n" + id.substring(2) + "\"}")
                .then()
                .statusCode(404);
        delete(ws, "from-file", null).then().statusCode(404);
        assertThat(audit(other))
                .extracting(AuditEntry::action, AuditEntry::target, AuditEntry::outcome)
                .contains(org.assertj.core.groups.Tuple.tuple("upstreams.create", id, "conflict"));
        assertThat(audit(other))
                .extracting(AuditEntry::action, AuditEntry::outcome)
                .contains(
                        org.assertj.core.groups.Tuple.tuple("upstreams.create", "conflict"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.get", "not_found"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.update", "not_found"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.delete", "not_found"));
        assertThat(audit(filed))
                .extracting(AuditEntry::action, AuditEntry::outcome)
                .contains(
                        org.assertj.core.groups.Tuple.tuple("upstreams.update", "conflict"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.delete", "conflict"));
    }

    @Test
    void aStdioCommandIsRefusedSinceOnlyTheUpstreamsFileMayStartProcesses() {
        String ws = project();
        String id = fresh();
        String command = ",\"command\":{\"argv\":[\"/bin/sh\",\"-c\",\"id\"]}";

        Response refused = create(ws, "{\"id\":\"" + id + "\"" + command + "}");

        assertProblem(refused, 400, "invalid-request", "upstreams file only");
        get(ws, id).then().statusCode(404);
        // with a URL beside it, on update too
        assertProblem(create(ws, body(id, "ns" + id.substring(2), command)), 400, "invalid-request", "upstreams file");
        String kept = fresh();
        create(ws, body(kept, "ns" + kept.substring(2), "")).then().statusCode(201);
        assertProblem(
                put(ws, kept, "\"1\"", "{\"command\":{\"argv\":[\"/bin/true\"]}}"),
                400,
                "invalid-request",
                "upstreams file only");
        get(ws, kept).then().statusCode(200).header("ETag", "\"1\"");
        assertThat(audit(ws))
                .extracting(AuditEntry::action, AuditEntry::outcome)
                .contains(
                        org.assertj.core.groups.Tuple.tuple("upstreams.create", "invalid_request"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.update", "invalid_request"));
    }

    @Test
    void anAddressTheNetworkPolicyRefusesIsRefusedWithTheReasonAndNothingIsStored() {
        String ws = project();
        String id = fresh();

        Response refused = create(
                ws,
                "{\"id\":\"" + id + "\",\"url\":\"http://10.1.2.3:8080/mcp\","
                        + "\"credential\":{\"header\":\"Authorization\",\"value\":\"" + SECRET + "\"}}");

        assertProblem(refused, 422, "upstream-refused", "resolves to a private address");
        assertThat(refused.asString()).doesNotContain("s3cret");
        get(ws, id).then().statusCode(404);
        String kept = fresh();
        create(ws, body(kept, "ns" + kept.substring(2), "")).then().statusCode(201);
        assertProblem(put(ws, kept, "\"1\"", "{\"url\":\"http://[::1]/mcp\"}"), 422, "upstream-refused", "loopback");
        get(ws, kept).then().statusCode(200).header("ETag", "\"1\"");
        assertThat(audit(ws))
                .extracting(AuditEntry::action, AuditEntry::outcome)
                .contains(
                        org.assertj.core.groups.Tuple.tuple("upstreams.create", "refused"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.update", "refused"));
    }

    @Test
    void aBadBodyIsRefusedWholeAndChangesNothing() {
        String ws = project();
        String id = fresh();
        String good = body(id, "ns" + id.substring(2), "");
        String[][] bad = {
            {"not json", "The body is not JSON"},
            {"[1]", "must be a JSON object"},
            {good.replace("}", ",\"colour\":\"red\"}"), "unknown field 'colour'"},
            {good.replace("\"namespace\"", "\"workspaces\":[],\"namespace\""), "workspaces must name who may use it"},
            {good.replace("\"namespace\"", "\"workspaces\":[\"acme\"],\"namespace\""), "'acme' is not <org>/<project>"},
            {good.replace("\"2s\"", "\"soon\""), "'connectTimeout' must be a duration"},
            {good.replace("\"id\":\"" + id + "\"", "\"id\":\"Bad Id\""), "an upstream id is 1-64"},
            {good.replace("\"value\":", "\"extra\":1,\"value\":"), "credential has an unknown field 'extra'"},
            {good.replace("\"value\":\"" + SECRET + "\"", "\"value\":\"a\\nb\""), "control characters"},
            {good.replace("\"value\":\"" + SECRET + "\"", "\"value\":7"), "'value' is required and must be a string"},
            {"{\"id\":\"" + id + "\",\"url\":\"ftp://x/mcp\"}", "url must be an absolute http(s) URL"},
        };
        for (String[] c : bad) {
            Response refused = create(ws, c[0]);
            assertProblem(refused, 400, "invalid-request", c[1]);
            assertThat(refused.asString()).doesNotContain("s3cret");
        }
        get(ws, id).then().statusCode(404);

        create(ws, good).then().statusCode(201);
        assertProblem(
                put(ws, id, null, "{\"id\":\"another\",\"url\":\"" + url() + "\"}"),
                400,
                "invalid-request",
                "'id' must be the route's id");
        assertProblem(
                put(ws, id, null, "{\"url\":\"" + url() + "\",\"maxConcurrency\":0}"),
                400,
                "invalid-request",
                "maxConcurrency must be at least 1");
        get(ws, id).then().statusCode(200).header("ETag", "\"1\"");
        List<AuditEntry> entries = audit(ws);
        assertThat(entries)
                .filteredOn(e -> e.outcome().equals(AuditEntry.INVALID_REQUEST))
                .hasSize(bad.length + 2);
        assertThat(entries.toString()).doesNotContain("s3cret");
        assertThat(logged).noneMatch(line -> line.contains("s3cret"));
    }

    @Test
    void aRegistrationMayAdmitProjectsOfItsOwnOrganizationOnlyAndOnlyItsOwnerChangesIt() {
        String ownOrg = "ownOrg-up-" + UUID.randomUUID();
        String owner = ownOrg + "/p";
        String sibling = ownOrg + "/q";
        String outsider = "ownOrg-up-" + UUID.randomUUID() + "/p";
        String id = fresh();
        String ns = "ns" + id.substring(2);
        String[][] refused = {
            {"[\"*\"]", "'*' (every organization) can be declared in the upstreams file only"},
            {"[\"" + outsider + "\"]", "may only name projects of the organization " + ownOrg},
            {"[\"" + owner + "\",\"other-ownOrg/*\"]", "'other-ownOrg/*' can be declared in the upstreams file only"},
        };
        for (String[] c : refused) {
            assertProblem(create(owner, body(id, ns, ",\"workspaces\":" + c[0])), 403, "insufficient-scope", c[1]);
        }
        get(owner, id).then().statusCode(404);

        Response created = create(owner, body(id, ns, ",\"workspaces\":[\"" + ownOrg + "/*\"]"));

        created.then().statusCode(201);
        assertThat(Wire.fromBytes(created.asByteArray(), JsonNode.class)
                        .path("definition")
                        .path("workspaces")
                        .toString())
                .isEqualTo("[\"" + ownOrg + "/*\"]");
        await().atMost(WAIT).until(() -> toolNames().contains(ns + ".echo"));
        Caller inSibling = new Caller("https://taskgate.local/dev", "bob", ownOrg, "q");
        Caller outside =
                new Caller("https://taskgate.local/dev", "eve", outsider.substring(0, outsider.indexOf('/')), "p");
        assertThat(fixture.send(JobControlFixture.submit(inSibling, "k-1", ns + ".echo", "{}")))
                .as("a project the registration admits calls its tools")
                .isInstanceOf(Accepted.class);
        CommandReply unknown = fixture.send(JobControlFixture.submit(outside, "k-1", ns + ".echo", "{}"));
        assertThat(unknown).as("a project outside it does not").isInstanceOf(Rejected.class);
        assertThat(((Rejected) unknown).problem().type()).endsWith("/unknown-tool");
        assertThat(listed(sibling)).contains(id);
        assertThat(listed(outsider)).doesNotContain(id);
        get(sibling, id).then().statusCode(200).header("ETag", "\"1\"");
        get(outsider, id).then().statusCode(404);

        // only the owner changes it: an admitted project is told who may, another project does not see it
        String update = "{\"url\":\"" + url() + "\",\"namespace\":\"" + ns + "\",\"workspaces\":[\"" + sibling + "\"]}";
        assertProblem(put(sibling, id, null, update), 409, "upstream-conflict", "registered by the project " + owner);
        assertProblem(delete(sibling, id, null), 409, "upstream-conflict", "only that project may change it");
        put(outsider, id, null, update.replace(sibling, outsider)).then().statusCode(404);
        delete(outsider, id, null).then().statusCode(404);
        assertProblem(
                put(owner, id, null, update.replace(sibling, "*")), 403, "insufficient-scope", "upstreams file only");
        get(owner, id).then().statusCode(200).header("ETag", "\"1\"");

        Response narrowed = put(owner, id, "\"1\"", update);

        narrowed.then().statusCode(200).header("ETag", "\"2\"");
        assertThat(catalog().upstreams())
                .filteredOn(s -> s.id().equals(id))
                .singleElement()
                .satisfies(s -> assertThat(s.workspaces()).containsExactly(sibling));
        assertThat(listed(owner))
                .as("the owner may leave itself out: it still manages the registration")
                .doesNotContain(id);
        get(owner, id).then().statusCode(200).header("ETag", "\"2\"");
        Caller inOwner = new Caller("https://taskgate.local/dev", "alice", ownOrg, "p");
        assertThat(fixture.send(JobControlFixture.submit(inOwner, "k-2", ns + ".echo", "{}")))
                .isInstanceOf(Rejected.class);
        assertThat(audit(owner))
                .extracting(AuditEntry::action, AuditEntry::outcome)
                .containsSubsequence(
                        org.assertj.core.groups.Tuple.tuple("upstreams.update", "ok"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.update", "insufficient_scope"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.create", "ok"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.create", "insufficient_scope"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.create", "insufficient_scope"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.create", "insufficient_scope"));
        assertThat(audit(sibling))
                .extracting(AuditEntry::action, AuditEntry::outcome)
                .contains(
                        org.assertj.core.groups.Tuple.tuple("upstreams.update", "conflict"),
                        org.assertj.core.groups.Tuple.tuple("upstreams.delete", "conflict"));

        delete(owner, id, null).then().statusCode(204);
        await().atMost(WAIT).until(() -> !toolNames().contains(ns + ".echo"));
    }

    private static List<String> listed(String workspace) {
        return Wire.fromBytes(
                        operator(workspace, "GET", "")
                                .get(BASE)
                                .then()
                                .statusCode(200)
                                .extract()
                                .asByteArray(),
                        OperatorUpstreams.class)
                .items()
                .stream()
                .map(UpstreamTools.UpstreamState::id)
                .toList();
    }

    @Test
    void anUpstreamIsReachedAtTheAddressItsCheckFoundWithItsOwnHostName() {
        String ws = project();
        String id = fresh();
        String ns = "ns" + id.substring(2);
        String authority =
                TestUpstreamAddresses.PINNED_HOST + ":" + upstream.getAddress().getPort();
        hosts.clear();

        create(ws, body(id, ns, "").replace(url(), "http://" + authority + "/mcp"))
                .then()
                .statusCode(201);

        // the system resolver does not know the name: only the checked address can have been used
        await().atMost(WAIT).until(() -> toolNames().contains(ns + ".echo"));
        assertThat(hosts).contains(authority);
    }

    @Test
    void aRegistrationAnotherReplicaMadeIsListedAfterTheNextReload() {
        String ws = project();
        String id = fresh();
        String ns = "ns" + id.substring(2);
        UpstreamCredentialSealing ring = new UpstreamCredentialSealing(
                new PayloadCipher(PayloadKeyRing.parse("test", DevPayloadKeys.RING), new SecureRandom()));
        OffsetDateTime now = OffsetDateTime.now();
        List<Object> values = new ArrayList<>(List.of(
                id,
                ns,
                "{\"id\":\"" + id + "\",\"url\":\"" + url() + "\",\"namespace\":\"" + ns + "\",\"workspaces\":[\"" + ws
                        + "\"]}",
                "Authorization",
                io.vertx.core.buffer.Buffer.buffer(ring.seal(id, SECRET)),
                ws,
                now,
                now,
                1L));
        pool.preparedQuery("insert into jobctl.upstream_registration (id, namespace, definition, credential_header, "
                        + "credential_value, workspace, created_at, updated_at, revision) "
                        + "values ($1, $2, $3::text::jsonb, $4, $5, $6, $7, $8, $9)")
                .execute(Tuple.from(values))
                .await()
                .indefinitely();

        await().atMost(WAIT).until(() -> toolNames().contains(ns + ".echo"));

        pool.preparedQuery("delete from jobctl.upstream_registration where id = $1")
                .execute(Tuple.of(id))
                .await()
                .indefinitely();
        await().atMost(WAIT).until(() -> !toolNames().contains(ns + ".echo"));
    }

    @Test
    void anUpstreamsConcurrencyLimitHoldsForAllItsToolsAndFreesWhenOneEnds() {
        String ws = project();
        String id = fresh();
        String ns = "ns" + id.substring(2);
        create(ws, body(id, ns, ",\"maxConcurrency\":1")).then().statusCode(201);
        await().atMost(WAIT).until(() -> toolNames().contains(ns + ".ping"));
        Caller alice = new Caller("https://taskgate.local/dev", "alice", ws.substring(0, ws.indexOf('/')), "p");

        Accepted first = (Accepted) fixture.send(JobControlFixture.submit(alice, "k-1", ns + ".echo", "{}"));
        CommandReply second = fixture.send(JobControlFixture.submit(alice, "k-2", ns + ".ping", "{}"));

        assertThat(second).as("another tool of the same upstream").isInstanceOf(Rejected.class);
        Rejected busy = (Rejected) second;
        assertThat(busy.problem().status()).isEqualTo(429);
        assertThat(busy.problem().type()).endsWith("/admission-limit");
        assertThat(busy.problem().detail())
                .contains("upstream concurrency limit")
                .contains("1 of 1");
        assertThat(busy.retryAfterSeconds()).isPositive();
        CommandReply retry = fixture.send(JobControlFixture.submit(alice, "k-1", ns + ".echo", "{}"));
        assertThat(((Accepted) retry).executionId())
                .as("a retry of an admitted key gets its execution, even at the limit")
                .isEqualTo(first.executionId());

        fixture.report(JobControlFixture.started(first.executionId(), 1));
        fixture.report(new Finished(
                UUID.randomUUID(), Instant.now(), first.executionId(), 1, "worker-test", "{\"content\":[]}"));
        JobControlFixture.awaitStatus(alice, first.executionId(), ExecutionStatus.COMPLETED);

        assertThat(fixture.send(JobControlFixture.submit(alice, "k-3", ns + ".ping", "{}")))
                .as("room again once it ended")
                .isInstanceOf(Accepted.class);
    }

    @Test
    void callsThatCannotReachAnUpstreamOpenItsCircuitUntilAListingSucceedsAgain() {
        String ws = project();
        String id = fresh();
        String ns = "ns" + id.substring(2);
        create(ws, body(id, ns, "")).then().statusCode(201);
        await().atMost(WAIT).until(() -> toolNames().contains(ns + ".ping"));
        Caller alice = new Caller("https://taskgate.local/dev", "alice", ws.substring(0, ws.indexOf('/')), "p");

        endCall(alice, ns + ".echo", "upstream_unavailable");
        endCall(alice, ns + ".ping", "upstream_unavailable");
        endCall(alice, ns + ".echo", "upstream_failed");
        endCall(alice, ns + ".echo", "upstream_unavailable");
        endCall(alice, ns + ".ping", "upstream_unavailable");
        assertThat(circuitOpened(id))
                .as("two in a row since a call reached the upstream")
                .isFalse();
        assertThat(toolNames()).contains(ns + ".echo", ns + ".ping");

        refuseListings = true;
        endCall(alice, ns + ".echo", "upstream_unavailable");

        assertThat(circuitOpened(id))
                .as("the third in a row (circuit-failures=3 in the test profile)")
                .isTrue();
        assertThat(catalog().upstreams())
                .filteredOn(state -> state.id().equals(id))
                .singleElement()
                .satisfies(state -> assertThat(state.available()).isFalse());
        assertThat(toolNames()).as("its tools left the catalog").doesNotContain(ns + ".echo", ns + ".ping");

        refuseListings = false;
        await().atMost(WAIT).until(() -> toolNames().contains(ns + ".ping"));
        assertThat(catalog().upstreams())
                .filteredOn(state -> state.id().equals(id))
                .singleElement()
                .satisfies(state -> assertThat(state.available())
                        .as("closed by the trial listing")
                        .isTrue());
    }

    @Test
    void theCircuitIsSharedByTheReplicasWhicheverAppliedTheReports() {
        String ws = project();
        String id = fresh();
        String ns = "ns" + id.substring(2);
        create(ws, body(id, ns, "")).then().statusCode(201);
        await().atMost(WAIT).until(() -> toolNames().contains(ns + ".ping"));
        Caller alice = new Caller("https://taskgate.local/dev", "alice", ws.substring(0, ws.indexOf('/')), "p");
        // a second replica on the same database: its own breaker over its own copy of the catalog
        OperationCatalog otherCatalog = OperationCatalog.load();
        otherCatalog.replaceUpstreamTools(catalog());
        List<String> openedOnOther = new CopyOnWriteArrayList<>();
        UpstreamCircuit other =
                new UpstreamCircuit(otherCatalog, (upstreamId, reason) -> openedOnOther.add(upstreamId), 3, circuits);

        endCall(alice, ns + ".echo", "upstream_unavailable");
        endCall(alice, ns + ".echo", "upstream_unavailable");
        reportOn(other, ns + ".echo", null);
        reportOn(other, ns + ".echo", "upstream_unavailable");
        reportOn(other, ns + ".ping", "upstream_unavailable");
        assertThat(circuitOpened(id))
                .as("the other replica's result started the count again: two in a row")
                .isFalse();
        refuseListings = true;
        endCall(alice, ns + ".echo", "upstream_unavailable");

        assertThat(circuitOpened(id))
                .as("the third in a row, two of them on the other replica")
                .isTrue();
        assertThat(toolNames()).doesNotContain(ns + ".echo", ns + ".ping");
        refuseListings = false;
        await().atMost(WAIT).until(() -> toolNames().contains(ns + ".ping"));

        // opened by the other replica: this one's catalog follows on its next reading of the circuits
        otherCatalog.replaceUpstreamTools(catalog());
        endCall(alice, ns + ".echo", "upstream_unavailable");
        endCall(alice, ns + ".ping", "upstream_unavailable");
        reportOn(other, ns + ".echo", "upstream_unavailable");

        assertThat(openedOnOther).containsExactly(id);
        await().atMost(WAIT)
                .until(() -> catalog().upstreams().stream()
                        .anyMatch(state -> state.id().equals(id)
                                && !state.available()
                                && state.problem().contains("circuit open: 3 calls in a row")));
        assertThat(toolNames()).doesNotContain(ns + ".echo", ns + ".ping");
        await().atMost(WAIT)
                .alias("closed by the trial listing")
                .until(() -> toolNames().contains(ns + ".ping"));
    }

    // a call's end as the other replica applies it: in a transaction of its own; code null: a result
    private void reportOn(UpstreamCircuit replica, String tool, String code) {
        UUID execution = UUID.randomUUID();
        dev.taskgate.contracts.event.WorkerEvent report = code == null
                ? new Finished(UUID.randomUUID(), Instant.now(), execution, 1, "worker-test", "{\"content\":[]}")
                : new Failed(UUID.randomUUID(), Instant.now(), execution, 1, "worker-test", code, tool + " failed");
        pool.withTransaction(tx -> replica.callEnded(tx, tool, report)).await().indefinitely();
    }

    // one call of tool, started and failed with code as a worker reports it
    private static void endCall(Caller caller, String tool, String code) {
        Accepted call = (Accepted) fixture.send(JobControlFixture.submit(caller, "k-" + UUID.randomUUID(), tool, "{}"));
        fixture.report(JobControlFixture.started(call.executionId(), 1));
        fixture.report(new Failed(
                UUID.randomUUID(), Instant.now(), call.executionId(), 1, "worker-test", code, tool + " failed"));
        JobControlFixture.awaitStatus(caller, call.executionId(), ExecutionStatus.FAILED);
    }

    private static boolean circuitOpened(String id) {
        return logged.stream().anyMatch(line -> line.startsWith("Upstream circuit opened") && line.contains(id));
    }

    private static void assertProblem(Response response, int status, String slug, String detail) {
        response.then().statusCode(status).contentType("application/problem+json");
        JsonNode problem = Wire.fromBytes(response.asByteArray(), JsonNode.class);
        assertThat(problem.path("type").asText()).endsWith("/" + slug);
        assertThat(problem.path("detail").asText()).contains(detail);
    }
}
