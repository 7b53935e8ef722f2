package dev.taskgate.contracts;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import dev.taskgate.contracts.command.CommandReply;
import dev.taskgate.contracts.command.ExecutionCommand;
import dev.taskgate.contracts.event.LogMessage;
import dev.taskgate.contracts.event.Progress;
import dev.taskgate.contracts.event.WorkerEvent;
import dev.taskgate.contracts.event.WorkerHeartbeat;
import dev.taskgate.contracts.lifecycle.ExecutionChanged;
import dev.taskgate.contracts.operator.AuditPage;
import dev.taskgate.contracts.operator.OperatorCancelResult;
import dev.taskgate.contracts.operator.OperatorExecution;
import dev.taskgate.contracts.operator.OperatorExecutionPage;
import dev.taskgate.contracts.operator.OperatorPayload;
import dev.taskgate.contracts.work.ControlSignal;
import dev.taskgate.contracts.work.RunOperation;

/**
 * Which record type lives where: the topic (or API) folder, the schema, and the type a consumer reads
 * it as (the sealed interface where there is one). The only hand-written part of the contract tests'
 * knowledge; {@code ContractSchemaTest} checks it against the classes themselves.
 *
 * @param folder the folder under {@code schemas/} and {@code schemas/examples/}: {@code kafka/<topic>} or {@code api}
 * @param name   the {@code type} name, also the schema's and the examples' file name
 * @param type   the record class
 * @param readAs the class consumers deserialise into
 */
record ContractTypes(String folder, String name, Class<?> type, Class<?> readAs) {

    static final List<ContractTypes> ALL = Stream.of(
                    family(Topics.COMMANDS, ExecutionCommand.class),
                    family(Topics.COMMAND_REPLIES, CommandReply.class),
                    single(Topics.WORK, RunOperation.class),
                    family(Topics.CONTROL, ControlSignal.class),
                    family(Topics.WORKER_EVENTS, WorkerEvent.class),
                    List.of(new ContractTypes(
                            "kafka/" + Topics.PROGRESS, "Progress", Progress.class, WorkerEvent.class)),
                    single(Topics.PROGRESS, LogMessage.class),
                    single(Topics.WORKER_HEARTBEATS, WorkerHeartbeat.class),
                    single(Topics.LIFECYCLE, ExecutionChanged.class),
                    api(ExecutionSnapshot.class),
                    api(ExecutionOutcome.class),
                    api(OperatorExecution.class),
                    api(OperatorExecutionPage.class),
                    api(OperatorPayload.class),
                    api(OperatorCancelResult.class),
                    api(AuditPage.class),
                    api(dev.taskgate.contracts.operator.OperatorUpstreams.class),
                    api(dev.taskgate.contracts.operator.OperatorUpstream.class),
                    api(dev.taskgate.contracts.operator.DeadLetterPage.class),
                    api(dev.taskgate.contracts.operator.DeadLetterReplays.class),
                    api(dev.taskgate.contracts.upstream.RegisteredUpstreamTarget.class),
                    api(dev.taskgate.contracts.upstream.UpstreamFeatureRequest.class),
                    api(dev.taskgate.contracts.upstream.UpstreamFeatureAnswer.class),
                    api(dev.taskgate.contracts.catalog.UpstreamTools.class),
                    api(dev.taskgate.contracts.artifact.ArtifactMetadata.class),
                    api(dev.taskgate.contracts.artifact.ArtifactContent.class))
            .flatMap(List::stream)
            .toList();

    /** The schema's path under {@code schemas/}. */
    String schemaPath() {
        return folder + "/" + name + ".schema.json";
    }

    /** Whether this is a Kafka record (with a {@code type} member) rather than an API body. */
    boolean isKafkaRecord() {
        return folder.startsWith("kafka/");
    }

    /** Whether the {@code type} member is a Jackson type id, enforced on reading. */
    boolean typeIdEnforced() {
        return readAs.isSealed();
    }

    /** The entry an example belongs to, by its folder and file name. */
    static Optional<ContractTypes> ofExample(String examplePath) {
        String rel = examplePath.substring(SchemaFiles.EXAMPLES.length());
        int slash = rel.lastIndexOf('/');
        String folder = rel.substring(0, slash);
        String name = SchemaFiles.typeNameOf(rel.substring(slash + 1));
        return ALL.stream()
                .filter(t -> t.folder.equals(folder) && t.name.equals(name))
                .findFirst();
    }

    private static List<ContractTypes> family(String topic, Class<?> sealedInterface) {
        return Arrays.stream(sealedInterface.getPermittedSubclasses())
                .map(c -> new ContractTypes("kafka/" + topic, c.getSimpleName(), c, sealedInterface))
                .toList();
    }

    private static List<ContractTypes> single(String topic, Class<?> record) {
        return List.of(new ContractTypes("kafka/" + topic, record.getSimpleName(), record, record));
    }

    private static List<ContractTypes> api(Class<?> body) {
        return List.of(new ContractTypes("api", body.getSimpleName(), body, body));
    }
}
