package dev.taskgate.frontend.command;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.taskgate.contracts.ExecutionStatus;
import dev.taskgate.contracts.Surface;
import dev.taskgate.contracts.TaskSurface;
import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.SubmitExecution;
import dev.taskgate.frontend.support.Fixtures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The places of commands awaiting a reply: taken by a registration, given back exactly once by its end. */
class PendingRepliesTest {
    private final PendingReplies pending = new PendingReplies(2);

    @Test
    void aRegistrationBeyondTheCapacityIsRefusedUntilAPlaceIsGivenBack() {
        UUID first = UUID.randomUUID();
        pending.register(first);
        pending.register(UUID.randomUUID());

        UUID third = UUID.randomUUID();
        assertThatThrownBy(() -> pending.register(third))
                .isInstanceOf(CommandsInFlightException.class)
                .hasMessageContaining(third.toString());
        assertThat(pending.size()).isEqualTo(2);

        pending.forget(first);

        assertThat(pending.register(third)).isNotDone();
        assertThat(pending.size()).isEqualTo(2);
    }

    @Test
    void forgettingTwiceOrForgettingAnUnknownIdGivesNoPlaceBack() {
        UUID first = UUID.randomUUID();
        pending.register(first);
        pending.register(UUID.randomUUID());

        pending.forget(first);
        pending.forget(first);
        pending.forget(UUID.randomUUID());

        pending.register(UUID.randomUUID());
        assertThatThrownBy(() -> pending.register(UUID.randomUUID())).isInstanceOf(CommandsInFlightException.class);
    }

    @Test
    void aReplyCompletesItsWaitOnlyWhileItIsRegistered() {
        UUID id = UUID.randomUUID();
        CompletableFuture<CommandReply> waiting = pending.register(id);

        assertThat(pending.complete(replyTo(id))).isTrue();
        assertThat(waiting).isCompleted();

        pending.forget(id);
        assertThat(pending.complete(replyTo(id))).as("nobody waits any more").isFalse();
        assertThat(pending.size()).isZero();
    }

    @Test
    void aCapacityBelowOneIsAConfigurationError() {
        assertThatThrownBy(() -> new PendingReplies(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("commands-in-flight");
    }

    private static CommandReply replyTo(UUID messageId) {
        SubmitExecution command = new SubmitExecution(
                messageId,
                Fixtures.CREATED,
                "frontend-1",
                Fixtures.caller("alice"),
                Surface.REST,
                "key",
                "demo.echo",
                JsonNodeFactory.instance.objectNode(),
                TaskSurface.NATIVE,
                null,
                null,
                List.of());
        return Fixtures.accepted(command, UUID.randomUUID(), true, ExecutionStatus.QUEUED, "demo.echo");
    }
}
