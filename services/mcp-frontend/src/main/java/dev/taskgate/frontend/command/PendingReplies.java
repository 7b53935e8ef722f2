package dev.taskgate.frontend.command;

import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.frontend.FrontendConfig;

/**
 * Requests of this instance that wait for a command reply, by the command's message id; at most
 * {@code taskgate.frontend.commands-in-flight} at once ({@link FrontendConfig#commandsInFlight()}).
 */
@Singleton
public class PendingReplies {
    private final ConcurrentMap<UUID, CompletableFuture<CommandReply>> waiting = new ConcurrentHashMap<>();
    private final AtomicInteger places;

    @Inject
    PendingReplies(FrontendConfig config) {
        this(config.commandsInFlight());
    }

    PendingReplies(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("taskgate.frontend.commands-in-flight must be at least 1: " + capacity);
        }
        this.places = new AtomicInteger(capacity);
    }

    /**
     * Registers a wait; register before sending, so that an early reply is not lost. Every registration ends with
     * {@link #forget}.
     *
     * @throws CommandsInFlightException when {@code capacity} commands already wait
     */
    CompletableFuture<CommandReply> register(UUID correlationId) {
        if (places.getAndUpdate(free -> free > 0 ? free - 1 : 0) == 0) {
            throw new CommandsInFlightException(correlationId);
        }
        CompletableFuture<CommandReply> future = new CompletableFuture<>();
        waiting.put(correlationId, future);
        return future;
    }

    /** Stops waiting (after the reply, a timeout or a failed send) and frees the place. */
    void forget(UUID correlationId) {
        if (waiting.remove(correlationId) != null) {
            places.incrementAndGet();
        }
    }

    /** Hands a reply to its waiting request; false when nobody waits any more (e.g. it timed out). */
    boolean complete(CommandReply reply) {
        CompletableFuture<CommandReply> future = waiting.get(reply.correlationId());
        return future != null && future.complete(reply);
    }

    /** How many requests are waiting. */
    int size() {
        return waiting.size();
    }
}
