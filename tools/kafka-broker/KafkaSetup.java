import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.admin.UserScramCredentialAlteration;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;

/**
 * Prepares a broker for Taskgate, as its administrator, idempotently:
 *
 * <ol>
 *   <li>creates every topic of schemas/kafka/topics.txt once per prefix, with its retention.ms and segment.ms, checks
 *       the partition counts of existing ones and sets their retention.ms and segment.ms to the listed values;
 *   <li>sets the SCRAM-SHA-512 password of every service user found in USERS_DIR (a file
 *       {@code kafka-<user>.password} per user);
 *   <li>grants the ACLs of schemas/kafka/acls.txt once per prefix (a grant that exists is left as it is).
 * </ol>
 *
 * Usage: TASKGATE_KAFKA_ADMIN_PASSWORD=... java -cp KAFKA_CLASSPATH KafkaSetup.java BOOTSTRAP TOPICS_FILE ACLS_FILE
 * USERS_DIR [PREFIX...] (an empty-string PREFIX, or none, means no prefix; USERS_DIR "-" sets no password)
 */
public class KafkaSetup {
    static final String ADMIN_USER = "taskgate-admin";
    static final String PASSWORD_FILE_PREFIX = "kafka-";
    static final String PASSWORD_FILE_SUFFIX = ".password";

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: KafkaSetup BOOTSTRAP TOPICS_FILE ACLS_FILE USERS_DIR [PREFIX...]");
            System.exit(2);
        }
        String adminPassword = System.getenv("TASKGATE_KAFKA_ADMIN_PASSWORD");
        if (adminPassword == null || adminPassword.isBlank()) {
            System.err.println("TASKGATE_KAFKA_ADMIN_PASSWORD is not set");
            System.exit(2);
        }
        List<String> prefixes = args.length > 4 ? List.of(args).subList(4, args.length) : List.of("");
        try (Admin admin = Admin.create(adminProperties(args[0], adminPassword))) {
            createTopics(admin, Path.of(args[1]), prefixes);
            if (!args[3].equals("-")) {
                setPasswords(admin, Path.of(args[3]));
            }
            grant(admin, Path.of(args[2]), prefixes);
        }
    }

    private static Properties adminProperties(String bootstrap, String password) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(AdminClientConfig.SECURITY_PROTOCOL_CONFIG, "SASL_PLAINTEXT");
        p.put("sasl.mechanism", "SCRAM-SHA-512");
        p.put(
                "sasl.jaas.config",
                "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"" + ADMIN_USER
                        + "\" password=\"" + password + "\";");
        return p;
    }

    private static void createTopics(Admin admin, Path topicsFile, List<String> prefixes) throws Exception {
        List<NewTopic> wanted = new ArrayList<>();
        for (String[] fields : lines(topicsFile)) {
            if (fields.length != 4) {
                System.err.println(
                        "topics: expected 'name partitions retention.ms segment.ms': " + String.join(" ", fields));
                System.exit(1);
            }
            Map<String, String> configs =
                    Map.of(TopicConfig.RETENTION_MS_CONFIG, fields[2], TopicConfig.SEGMENT_MS_CONFIG, fields[3]);
            for (String prefix : prefixes) {
                wanted.add(new NewTopic(prefix + fields[0], Integer.parseInt(fields[1]), (short) 1).configs(configs));
            }
        }
        Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
        List<NewTopic> missing =
                wanted.stream().filter(t -> !existing.contains(t.name())).toList();
        if (!missing.isEmpty()) {
            admin.createTopics(missing).all().get(60, TimeUnit.SECONDS);
        }
        List<String> names = wanted.stream().map(NewTopic::name).toList();
        Map<String, TopicDescription> described = describeOnceKnown(admin, names);
        for (NewTopic t : wanted) {
            int actual = described.get(t.name()).partitions().size();
            if (actual != t.numPartitions()) {
                System.err.println(
                        "topic " + t.name() + " has " + actual + " partitions, expected " + t.numPartitions());
                System.exit(1);
            }
        }
        // topics created by an older version (the broker's default retention) are brought to the listed values
        Map<ConfigResource, Collection<AlterConfigOp>> retention = new HashMap<>();
        for (NewTopic t : wanted) {
            retention.put(
                    new ConfigResource(ConfigResource.Type.TOPIC, t.name()),
                    t.configs().entrySet().stream()
                            .map(c -> new AlterConfigOp(
                                    new ConfigEntry(c.getKey(), c.getValue()), AlterConfigOp.OpType.SET))
                            .toList());
        }
        admin.incrementalAlterConfigs(retention).all().get(30, TimeUnit.SECONDS);
        System.err.println("topics ready: " + wanted.size() + " (" + missing.size() + " created)");
    }

    // A created topic reaches the broker's metadata a moment after the controller answered createTopics: on a loaded
    // machine describing it at once fails with UnknownTopicOrPartitionException (seen 2026-12-03 under load 45).
    private static Map<String, TopicDescription> describeOnceKnown(Admin admin, List<String> names) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            try {
                return admin.describeTopics(names).allTopicNames().get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException) || System.nanoTime() > deadline) {
                    throw e;
                }
                Thread.sleep(200);
            }
        }
    }

    private static void setPasswords(Admin admin, Path usersDir) throws Exception {
        List<UserScramCredentialAlteration> upserts = new ArrayList<>();
        try (Stream<Path> files = Files.list(usersDir)) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                if (!name.startsWith(PASSWORD_FILE_PREFIX) || !name.endsWith(PASSWORD_FILE_SUFFIX)) {
                    continue;
                }
                String user =
                        name.substring(PASSWORD_FILE_PREFIX.length(), name.length() - PASSWORD_FILE_SUFFIX.length());
                String password = Files.readString(file).strip();
                upserts.add(new UserScramCredentialUpsertion(
                        user, new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096), password));
            }
        }
        if (!upserts.isEmpty()) {
            admin.alterUserScramCredentials(upserts).all().get(30, TimeUnit.SECONDS);
        }
        System.err.println("service users ready: " + upserts.size());
    }

    /** One line of acls.txt: {@code user operation resource-type pattern-type name}, name with {prefix}. */
    private static void grant(Admin admin, Path aclsFile, List<String> prefixes) throws Exception {
        List<AclBinding> bindings = new ArrayList<>();
        for (String[] fields : lines(aclsFile)) {
            if (fields.length != 5) {
                System.err.println(
                        "acls: expected 'user operation resource pattern name': " + String.join(" ", fields));
                System.exit(1);
            }
            for (String prefix : prefixes) {
                ResourcePattern resource = new ResourcePattern(
                        ResourceType.fromString(fields[2]),
                        fields[4].replace("{prefix}", prefix),
                        PatternType.fromString(fields[3]));
                AccessControlEntry entry = new AccessControlEntry(
                        "User:" + fields[0], "*", AclOperation.fromString(fields[1]), AclPermissionType.ALLOW);
                if (resource.resourceType() == ResourceType.UNKNOWN
                        || resource.patternType() == PatternType.UNKNOWN
                        || entry.operation() == AclOperation.UNKNOWN) {
                    System.err.println("acls: unknown resource, pattern or operation: " + String.join(" ", fields));
                    System.exit(1);
                }
                AclBinding binding = new AclBinding(resource, entry);
                if (!bindings.contains(binding)) {
                    bindings.add(binding);
                }
            }
        }
        admin.createAcls(bindings).all().get(30, TimeUnit.SECONDS);
        System.err.println("acls ready: " + bindings.size());
    }

    private static List<String[]> lines(Path file) throws Exception {
        List<String[]> lines = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            String l = line.strip();
            if (!l.isEmpty() && !l.startsWith("#")) {
                lines.add(l.split("\\s+"));
            }
        }
        return lines;
    }
}
