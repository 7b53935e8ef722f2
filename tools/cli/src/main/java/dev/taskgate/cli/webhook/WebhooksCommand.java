package dev.taskgate.cli.webhook;

import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import dev.taskgate.cli.CommandGroup;
import dev.taskgate.cli.ExitCodes;
import dev.taskgate.cli.TaskgateCli;
import dev.taskgate.cli.output.Table;

/** {@code taskgate webhooks ...}: the project's webhook subscriptions and their deliveries. */
@Command(
        name = "webhooks",
        description = "Webhook subscriptions and deliveries (the token needs webhooks:admin).",
        subcommands = {
            WebhooksCommand.Create.class,
            WebhooksCommand.List.class,
            WebhooksCommand.Get.class,
            WebhooksCommand.Delete.class,
            WebhooksCommand.Rotate.class,
            WebhooksCommand.Enable.class,
            WebhooksCommand.Test.class,
            WebhooksCommand.Deliveries.class,
            WebhooksCommand.Replay.class
        })
public final class WebhooksCommand extends CommandGroup {
    private static final ObjectMapper JSON = new ObjectMapper();

    static WebhookClient client(CommandSpec spec) {
        TaskgateCli cli = TaskgateCli.of(spec);
        return new WebhookClient(cli.api(), cli.profile());
    }

    static int print(CommandSpec spec, JsonNode node) {
        return TaskgateCli.of(spec).print(node);
    }

    static String subscriptions(JsonNode items) {
        Table table = new Table("SUBSCRIPTION", "STATUS", "URL", "EVENTS", "DESCRIPTION");
        for (JsonNode s : items) {
            java.util.List<String> events = new java.util.ArrayList<>();
            s.path("event_types").forEach(e -> events.add(e.asText()));
            table.row(
                    s.path("id").asText(),
                    s.path("status").asText(),
                    s.path("url").asText(),
                    String.join(",", events),
                    s.path("description").asText(null));
        }
        return table.render();
    }

    static String deliveries(JsonNode items) {
        Table table = new Table("DELIVERY", "EVENT", "STATUS", "ATTEMPTS", "LAST CODE", "EXECUTION", "CREATED");
        for (JsonNode d : items) {
            table.row(
                    d.path("id").asText(),
                    d.path("event_type").asText(),
                    d.path("status").asText(),
                    d.path("attempts").asText(),
                    d.path("last_status_code").asText(null),
                    d.path("execution_id").asText(null),
                    d.path("created_at").asText(null));
        }
        return table.render();
    }

    /** {@code webhooks create}. */
    @Command(name = "create", description = "Create a subscription; prints its secret, which is shown only now.")
    static final class Create implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "URL", description = "Where deliveries are POSTed.")
        String url;

        @Option(
                names = "--event",
                defaultValue = "tool.execution.lifecycle",
                description = "Event types (repeatable; default tool.execution.lifecycle).")
        java.util.List<String> events;

        @Option(names = "--description", description = "A note for people.")
        String description;

        @Override
        public Integer call() {
            ObjectNode body = JSON.createObjectNode().put("url", url);
            events.forEach(body.putArray("event_types")::add);
            if (description != null) {
                body.put("description", description);
            }
            return print(spec, client(spec).create(body.toString()));
        }
    }

    /** {@code webhooks list}. */
    @Command(name = "list", description = "The project's subscriptions.")
    static final class List implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            return TaskgateCli.of(spec).printList(client(spec).list(), WebhooksCommand::subscriptions);
        }
    }

    /** A subcommand about one subscription, named by its id. */
    abstract static class OnSubscription implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "SUBSCRIPTION")
        String id;
    }

    /** {@code webhooks get ID}. */
    @Command(name = "get", description = "One subscription (never its secret).")
    static final class Get extends OnSubscription {
        @Override
        public Integer call() {
            return print(spec, client(spec).get(id));
        }
    }

    /** {@code webhooks delete ID}. */
    @Command(name = "delete", description = "Delete a subscription; its pending deliveries are abandoned.")
    static final class Delete extends OnSubscription {
        @Override
        public Integer call() {
            client(spec).delete(id);
            TaskgateCli.of(spec).io().err().println("deleted " + id);
            return ExitCodes.OK;
        }
    }

    /** {@code webhooks rotate ID}. */
    @Command(
            name = "rotate",
            description = "A new signing secret (shown only now); the old one signs too until the window ends.")
    static final class Rotate extends OnSubscription {
        @Override
        public Integer call() {
            return print(spec, client(spec).rotate(id));
        }
    }

    /** {@code webhooks enable ID}. */
    @Command(name = "enable", description = "Re-enable a disabled subscription.")
    static final class Enable extends OnSubscription {
        @Override
        public Integer call() {
            return print(spec, client(spec).enable(id));
        }
    }

    /** {@code webhooks test ID}. */
    @Command(name = "test", description = "Queue a webhook.test event; prints the delivery.")
    static final class Test extends OnSubscription {
        @Override
        public Integer call() {
            return print(spec, client(spec).test(id));
        }
    }

    /** {@code webhooks deliveries ID [DELIVERY]}. */
    @Command(
            name = "deliveries",
            description = "The newest deliveries of a subscription, or one delivery with its attempt log.")
    static final class Deliveries implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "SUBSCRIPTION")
        String id;

        @Parameters(index = "1", arity = "0..1", paramLabel = "DELIVERY")
        String delivery;

        @Override
        public Integer call() {
            if (delivery != null) {
                return print(spec, client(spec).delivery(id, delivery));
            }
            return TaskgateCli.of(spec).printList(client(spec).deliveries(id), WebhooksCommand::deliveries);
        }
    }

    /** {@code webhooks replay ID (--delivery D | --from T --to T)}. */
    @Command(
            name = "replay",
            description = "Send one delivery again (same webhook-id and bytes), or every delivery created in a range.")
    static final class Replay implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "SUBSCRIPTION")
        String id;

        @ArgGroup(multiplicity = "1")
        What what;

        static final class What {
            @Option(names = "--delivery", required = true, description = "The delivery to send again.")
            String delivery;

            @ArgGroup(exclusive = false)
            Range range;
        }

        static final class Range {
            @Option(names = "--from", required = true, description = "RFC 3339 start, inclusive.")
            String from;

            @Option(names = "--to", required = true, description = "RFC 3339 end, exclusive.")
            String to;
        }

        @Override
        public Integer call() {
            if (what.delivery != null) {
                return print(spec, client(spec).replayDelivery(id, what.delivery));
            }
            ObjectNode body =
                    JSON.createObjectNode().put("from", what.range.from).put("to", what.range.to);
            return TaskgateCli.of(spec)
                    .printList(client(spec).replayRange(id, body.toString()), WebhooksCommand::deliveries);
        }
    }
}
