import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;

/**
 * Creates every topic listed in schemas/kafka/topics.txt, once per prefix, with its partition count,
 * and checks that existing topics have the declared count. Idempotent.
 *
 * Usage: java -cp KAFKA_CLASSPATH CreateTopics.java BOOTSTRAP TOPICS_FILE [PREFIX...]
 * (an empty-string PREFIX, or none, means no prefix)
 */
public class CreateTopics {
    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: CreateTopics BOOTSTRAP TOPICS_FILE [PREFIX...]");
            System.exit(2);
        }
        List<String> prefixes = args.length > 2 ? List.of(args).subList(2, args.length) : List.of("");
        List<NewTopic> wanted = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(args[1]))) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] parts = l.split("\\s+");
            for (String prefix : prefixes) {
                wanted.add(new NewTopic(prefix + parts[0], Integer.parseInt(parts[1]), (short) 1));
            }
        }
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]);
        try (Admin admin = Admin.create(p)) {
            Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
            List<NewTopic> missing =
                    wanted.stream().filter(t -> !existing.contains(t.name())).toList();
            if (!missing.isEmpty()) {
                admin.createTopics(missing).all().get(60, TimeUnit.SECONDS);
            }
            List<String> names = wanted.stream().map(NewTopic::name).toList();
            Map<String, TopicDescription> described =
                    admin.describeTopics(names).allTopicNames().get(30, TimeUnit.SECONDS);
            for (NewTopic t : wanted) {
                int actual = described.get(t.name()).partitions().size();
                if (actual != t.numPartitions()) {
                    System.err.println(
                            "topic " + t.name() + " has " + actual + " partitions, expected " + t.numPartitions());
                    System.exit(1);
                }
            }
            System.err.println("topics ready: " + wanted.size() + " (" + missing.size() + " created)");
        }
    }
}
