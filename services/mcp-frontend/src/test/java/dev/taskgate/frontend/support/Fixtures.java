package dev.taskgate.frontend.support;

import java.net.URI;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.ExecutionSnapshot;
import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.Wire;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.ExecutionCommand;
import dev.taskgate.testsupport.Tokens;
import dev.taskgate.testsupport.mcp.McpTestClient;

/** Shared values for the frontend's tests. */
public final class Fixtures {
    /** Creation time of every test snapshot. */
    public static final Instant CREATED = Instant.parse("2026-01-02T03:04:05.123Z");

    private Fixtures() {}

    /** The caller the default test token for {@code subject} stands for. */
    public static Caller caller(String subject) {
        return new Caller(Tokens.DEFAULT_ISSUER, subject, Api.ORG, Api.PROJECT);
    }

    /** A token for alice in acme/demo with {@code tools:call}. */
    public static String aliceToken() {
        return callerToken("alice");
    }

    /** A token for bob in acme/demo with {@code tools:call}: another principal of alice's workspace. */
    public static String bobToken() {
        return callerToken("bob");
    }

    private static String callerToken(String subject) {
        return Tokens.forSubject(subject)
                .org(Api.ORG)
                .project(Api.PROJECT)
                .scopes("tools:call")
                .sign();
    }

    /** The MCP client of the application at {@code base} (the {@code @TestHTTPResource} root), as Alice. */
    public static McpTestClient mcp(URI base) {
        return McpTestClient.http(base).bearer(aliceToken());
    }

    /** A snapshot in the given state. */
    public static ExecutionSnapshot snapshot(UUID id, String tool, ExecutionStatus status) {
        return snapshot(id, tool, status, Surface.REST);
    }

    /** A snapshot in the given state, created through {@code surface}. */
    public static ExecutionSnapshot snapshot(UUID id, String tool, ExecutionStatus status, Surface surface) {
        return new ExecutionSnapshot(
                id,
                tool,
                "1",
                status,
                surface,
                CREATED,
                CREATED.plusSeconds(2),
                CREATED.plusSeconds(86_400),
                CREATED.plusSeconds(86_400 + 7 * 86_400),
                null,
                null,
                null,
                null);
    }

    /** {@code base} with this stored {@code progressToken} and recorded progress (of a total of 10 when given). */
    public static ExecutionSnapshot withProgress(ExecutionSnapshot base, JsonNode progressToken, Double progress) {
        return new ExecutionSnapshot(
                base.executionId(),
                base.toolName(),
                base.toolVersion(),
                base.status(),
                base.surface(),
                base.createdAt(),
                base.updatedAt(),
                base.executionDeadline(),
                base.retentionExpiresAt(),
                base.statusMessage(),
                progress,
                progress == null ? null : 10.0,
                base.cancelRequested(),
                base.inputRequests(),
                base.createdAt().plusSeconds(600),
                base.toolError(),
                progressToken);
    }

    /** A snapshot waiting for input: {@code input_required} with these outstanding requests. */
    public static ExecutionSnapshot waitingForInput(UUID id, Surface surface, Map<String, JsonNode> requests) {
        return new ExecutionSnapshot(
                id,
                "demo.confirm",
                "1",
                ExecutionStatus.INPUT_REQUIRED,
                surface,
                CREATED,
                CREATED.plusSeconds(2),
                CREATED.plusSeconds(86_400),
                CREATED.plusSeconds(86_400 + 7 * 86_400),
                "Waiting for input.",
                null,
                null,
                null,
                requests);
    }

    /** The {@code elicitation/create} request demo.confirm asks. */
    public static JsonNode confirmRequest() {
        try {
            return Wire.mapper()
                    .readTree("{\"method\":\"elicitation/create\",\"params\":{\"mode\":\"form\","
                            + "\"message\":\"Proceed?\",\"requestedSchema\":{\"type\":\"object\",\"properties\":"
                            + "{\"confirm\":{\"type\":\"boolean\"},\"note\":{\"type\":\"string\"}},"
                            + "\"required\":[\"confirm\"]}}}");
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** job-control's acceptance of a command. */
    public static Accepted accepted(
            ExecutionCommand command, UUID executionId, boolean created, ExecutionStatus status, String tool) {
        return accepted(command, executionId, created, status, tool, Surface.REST);
    }

    /** job-control's acceptance of a command, for an execution created through {@code surface}. */
    public static Accepted accepted(
            ExecutionCommand command,
            UUID executionId,
            boolean created,
            ExecutionStatus status,
            String tool,
            Surface surface) {
        return new Accepted(
                UUID.randomUUID(),
                Instant.now(),
                command.messageId(),
                command.replyTo(),
                executionId,
                created,
                snapshot(executionId, tool, status, surface));
    }
}
