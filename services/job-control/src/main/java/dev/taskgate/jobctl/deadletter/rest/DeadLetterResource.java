package dev.taskgate.jobctl.deadletter.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import io.smallrye.mutiny.Uni;

import dev.taskgate.contracts.operator.DeadLetterPage;
import dev.taskgate.contracts.operator.DeadLetterReplays;
import dev.taskgate.jobctl.auth.InternalCaller;
import dev.taskgate.jobctl.deadletter.DeadLetterQueries;
import dev.taskgate.jobctl.deadletter.DeadLetterReplayService;
import dev.taskgate.jobctl.operator.OperatorCall;
import dev.taskgate.jobctl.operator.OperatorRequestException;

/**
 * The operator API's dead-letter routes (docs/kafka.md "Dead-letter topics"): the frontend has verified the
 * operator's token and the scope {@code deadletters:admin}; job-control serves only the deployment's operator
 * project, and audits every call.
 */
@Path("/internal/v1/operator/dead-letters")
@Produces(MediaType.APPLICATION_JSON)
public class DeadLetterResource {
    private final DeadLetterQueries queries;
    private final DeadLetterReplayService replays;
    private final InternalCaller caller;

    DeadLetterResource(DeadLetterQueries queries, DeadLetterReplayService replays, InternalCaller caller) {
        this.queries = queries;
        this.replays = replays;
        this.caller = caller;
    }

    /** A page of dead-lettered records (metadata only), by topic, partition and offset. */
    @GET
    public Uni<DeadLetterPage> list(
            @RestQuery String topic, @RestQuery String partition, @RestQuery String limit, @RestQuery String cursor) {
        return queries.list(call(), topic, partition, limit, cursor);
    }

    /** Replays one record; 409 when it was replayed before, unless {@code force=true}. */
    @POST
    @Path("/{topic}/{partition}/{offset}/replay")
    public Uni<DeadLetterReplays> replay(
            @RestPath String topic, @RestPath String partition, @RestPath String offset, @RestQuery String force) {
        return replays.replay(call(), topic, partition, offset, null, force);
    }

    /** Replays the records of one partition with offsets in [{@code from}, {@code to}] (at most 100 offsets). */
    @POST
    @Path("/{topic}/{partition}/replay")
    public Uni<DeadLetterReplays> replayRange(
            @RestPath String topic,
            @RestPath String partition,
            @RestQuery String from,
            @RestQuery String to,
            @RestQuery String force) {
        if (from == null || to == null) {
            throw new OperatorRequestException("A range replay needs from and to.");
        }
        return replays.replay(call(), topic, partition, from, to, force);
    }

    private OperatorCall call() {
        InternalCaller.UserCall user = caller.user();
        if (user.route() == null) {
            throw new OperatorRequestException("The caller assertion names no public route for the audit log.");
        }
        return new OperatorCall(user.principal(), user.workspace(), user.route());
    }
}
