package dev.taskgate.jobctl;

import java.time.Instant;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;

import dev.taskgate.contracts.Caller;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.TaskSurface;
import dev.taskgate.contracts.command.Accepted;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.SubmitExecution;

import static dev.taskgate.jobctl.JobControlFixture.REPLY_TO;
import static dev.taskgate.jobctl.JobControlFixture.count;
import static dev.taskgate.jobctl.JobControlFixture.json;
import static dev.taskgate.jobctl.JobControlFixture.newCaller;
import static dev.taskgate.jobctl.JobControlFixture.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The progress token of a 2025-11-25 task (tasks §9) is kept with the execution: the acceptance and every later
 * snapshot carry it exactly (a string stays a string, an integer an integer), a same-key replay keeps the original
 * one, and no other surface stores one.
 */
@QuarkusTest
class McpTaskProgressTokenTest {

    private static JobControlFixture fixture;

    @Inject
    Pool pool;

    @BeforeAll
    static void connect() {
        fixture = new JobControlFixture();
    }

    @AfterAll
    static void disconnect() {
        fixture.close();
    }

    @Test
    void aTaskKeepsItsProgressTokenExactly() {
        Caller caller = newCaller();

        Accepted text = accept(submit(caller, Surface.MCP_2025, "text", TextNode.valueOf("count-1")));
        Accepted number = accept(submit(caller, Surface.MCP_2025, "number", IntNode.valueOf(42)));

        assertThat(text.execution().progressToken()).isEqualTo(TextNode.valueOf("count-1"));
        assertThat(snapshot(caller, text.executionId()).progressToken()).isEqualTo(TextNode.valueOf("count-1"));
        assertThat(snapshot(caller, number.executionId()).progressToken().isIntegralNumber())
                .isTrue();
        assertThat(snapshot(caller, number.executionId()).progressToken().asLong())
                .isEqualTo(42L);
        assertThat(count(
                        pool,
                        "select count(*) from jobctl.execution where id = $1 and progress_token = '\"count-1\"'",
                        text.executionId()))
                .isEqualTo(1);
    }

    @Test
    void aReplayKeepsTheOriginalTokenAndOtherSurfacesStoreNone() {
        Caller caller = newCaller();
        Accepted first = accept(submit(caller, Surface.MCP_2025, "replayed", TextNode.valueOf("first")));

        Accepted replay = accept(submit(caller, Surface.MCP_2025, "replayed", TextNode.valueOf("second")));
        Accepted rest = accept(submit(caller, Surface.REST, "rest", TextNode.valueOf("ignored")));
        Accepted mcp2026 = accept(submit(caller, Surface.MCP_2026, "mcp-2026", TextNode.valueOf("ignored")));

        assertThat(replay.executionId()).isEqualTo(first.executionId());
        assertThat(snapshot(caller, first.executionId()).progressToken()).isEqualTo(TextNode.valueOf("first"));
        assertThat(snapshot(caller, rest.executionId()).progressToken()).isNull();
        assertThat(snapshot(caller, mcp2026.executionId()).progressToken()).isNull();
        assertThat(count(
                        pool,
                        "select count(*) from jobctl.execution where id = any($1) and progress_token is null",
                        (Object) new UUID[] {rest.executionId(), mcp2026.executionId()}))
                .isEqualTo(2);
    }

    private static SubmitExecution submit(Caller caller, Surface surface, String key, JsonNode token) {
        return new SubmitExecution(
                UUID.randomUUID(),
                Instant.now(),
                REPLY_TO,
                caller,
                surface,
                key,
                "demo.echo",
                json("{\"a\":1}"),
                TaskSurface.NATIVE,
                null,
                token);
    }

    private static Accepted accept(SubmitExecution command) {
        CommandReply reply = fixture.send(command);
        assertThat(reply).isInstanceOf(Accepted.class);
        return (Accepted) reply;
    }
}
