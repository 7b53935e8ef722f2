import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.cloud.tools.jib.api.Containerizer;
import com.google.cloud.tools.jib.api.Jib;
import com.google.cloud.tools.jib.api.JibContainer;
import com.google.cloud.tools.jib.api.JibContainerBuilder;
import com.google.cloud.tools.jib.api.TarImage;
import com.google.cloud.tools.jib.api.buildplan.AbsoluteUnixPath;
import com.google.cloud.tools.jib.api.buildplan.FileEntriesLayer;
import com.google.cloud.tools.jib.api.buildplan.ImageFormat;

/**
 * Builds one service's container image into a docker-archive tarball with Jib, without a container engine or a
 * registry (docs/deploy.md "Building the images"). The base is a docker-archive tarball too (bin/images base).
 *
 * <p>Name, tag, labels, user, working directory and JVM flags come from the service's application.properties (its
 * container image block), so the engine build (quarkus.container-image.build) and this one cannot drift apart. The
 * layers follow Quarkus' fast-jar: libraries first, the application last, so a code change rebuilds only the small
 * top layers.
 *
 * <p>Usage: {@code java -cp <jib-core classpath> ImageBuild.java <service dir> <base tarball> <output tarball>
 * <project version> <revision>}
 */
public final class ImageBuild {
    /** The only path a service writes to: with a read-only root it is a volume (Compose and Kubernetes mount it). */
    static final List<AbsoluteUnixPath> VOLUMES = List.of(AbsoluteUnixPath.get("/tmp"));

    private static final Pattern REFERENCE = Pattern.compile("\\$\\{([^}:]+)(?::([^}]*))?}");

    private ImageBuild() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 5) {
            System.err.println("usage: ImageBuild <service dir> <base tarball> <output tarball> <version> <revision>");
            System.exit(2);
        }
        Path service = Path.of(args[0]);
        Path base = Path.of(args[1]).toAbsolutePath();
        Path out = Path.of(args[2]).toAbsolutePath();
        Map<String, String> values = Map.of("quarkus.application.version", args[3], "taskgate.image.revision", args[4]);
        ImageSettings settings =
                ImageSettings.read(service.resolve("src/main/resources/application.properties"), values);
        Path app = service.resolve("target/quarkus-app");
        if (!Files.isRegularFile(app.resolve("quarkus-run.jar"))) {
            throw new IllegalStateException(app + " holds no quarkus-run.jar: package the service first");
        }
        if (!Files.isRegularFile(base)) {
            throw new IllegalStateException("no base image tarball " + base + ": run bin/images base first");
        }
        JibContainerBuilder image = Jib.from("tar://" + base)
                .setFormat(ImageFormat.Docker)
                .setCreationTime(Instant.EPOCH)
                .setUser(settings.user())
                .setWorkingDirectory(settings.workingDirectory())
                .setEntrypoint(settings.entrypoint())
                .setLabels(settings.labels());
        VOLUMES.forEach(image::addVolume);
        for (String part : List.of("lib/boot", "lib/main", "quarkus-run.jar", "quarkus", "app")) {
            image.addFileEntriesLayer(
                    layer(part, app.resolve(part), settings.workingDirectory().resolve(part)));
        }
        // files an image needs beside the application (worker-pool: the plug-in folder), as Quarkus' Jib takes them
        Path extra = service.resolve("src/main/jib");
        if (Files.isDirectory(extra)) {
            image.addFileEntriesLayer(layer("extra files", extra, AbsoluteUnixPath.get("/")));
        }
        Files.createDirectories(out.getParent());
        JibContainer built =
                image.containerize(Containerizer.to(TarImage.at(out).named(settings.reference()))
                        .setBaseImageLayersCache(out.getParent().resolve("cache/base"))
                        .setApplicationLayersCache(out.getParent().resolve("cache/app"))
                        .setToolName("taskgate-image-build"));
        System.out.println(settings.reference() + " " + built.getImageId() + " " + out);
    }

    private static FileEntriesLayer layer(String name, Path source, AbsoluteUnixPath target) throws IOException {
        FileEntriesLayer.Builder layer = FileEntriesLayer.builder().setName(name);
        if (Files.isDirectory(source)) {
            // the defaults: owned by root, files 644 and folders 755 — readable, not writable, by the image's user
            try (var entries = Files.list(source)) {
                for (Path entry : entries.sorted().toList()) {
                    layer.addEntryRecursive(
                            entry, target.resolve(entry.getFileName().toString()));
                }
            }
        } else {
            layer.addEntry(source, target);
        }
        return layer.build();
    }

    /** The container image block of a service's application.properties. */
    record ImageSettings(
            String reference,
            String user,
            AbsoluteUnixPath workingDirectory,
            List<String> jvmArguments,
            Map<String, String> labels) {

        static ImageSettings read(Path file, Map<String, String> values) throws IOException {
            Properties properties = new Properties();
            try (Reader reader = Files.newBufferedReader(file)) {
                properties.load(reader);
            }
            String reference = value(properties, "quarkus.container-image.group", values)
                    + "/" + value(properties, "quarkus.container-image.name", values)
                    + ":" + value(properties, "quarkus.container-image.tag", values);
            Map<String, String> labels = new LinkedHashMap<>();
            String labelPrefix = "quarkus.container-image.labels.";
            properties.stringPropertyNames().stream()
                    .sorted()
                    .filter(k -> k.startsWith(labelPrefix))
                    .forEach(k -> {
                        labels.put(unquote(k.substring(labelPrefix.length())), value(properties, k, values));
                    });
            List<String> jvm = new ArrayList<>();
            for (String flag : value(properties, "quarkus.jib.jvm-additional-arguments", values)
                    .split(",")) {
                jvm.add(flag.strip());
            }
            return new ImageSettings(
                    reference,
                    value(properties, "quarkus.jib.user", values),
                    AbsoluteUnixPath.get(value(properties, "quarkus.jib.working-directory", values)),
                    jvm,
                    labels);
        }

        /** As Quarkus' Jib build starts a fast-jar: its log manager, then the service's additional arguments. */
        List<String> entrypoint() {
            List<String> command = new ArrayList<>();
            command.add("java");
            command.add("-Djava.util.logging.manager=org.jboss.logmanager.LogManager");
            command.addAll(jvmArguments);
            command.add("-jar");
            command.add(workingDirectory.resolve("quarkus-run.jar").toString());
            return command;
        }

        private static String value(Properties properties, String key, Map<String, String> values) {
            String raw = properties.getProperty(key);
            if (raw == null || raw.isBlank()) {
                throw new IllegalStateException("application.properties lacks " + key);
            }
            Matcher reference = REFERENCE.matcher(raw);
            StringBuilder resolved = new StringBuilder();
            while (reference.find()) {
                String replacement = values.get(reference.group(1));
                if (replacement == null || replacement.isEmpty()) {
                    replacement = reference.group(2);
                }
                if (replacement == null) {
                    throw new IllegalStateException(key + " refers to " + reference.group(1) + ", which has no value");
                }
                reference.appendReplacement(resolved, Matcher.quoteReplacement(replacement));
            }
            reference.appendTail(resolved);
            return resolved.toString();
        }

        private static String unquote(String key) {
            return key.startsWith("\"") && key.endsWith("\"") ? key.substring(1, key.length() - 1) : key;
        }
    }
}
