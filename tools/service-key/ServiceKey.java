import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.LocalDate;
import java.util.Base64;

/**
 * Makes a service's key (32 random bytes, HMAC-SHA256) for its calls to job-control, once:
 * {@code <dir>/<service>.signing-key} holds {@code <keyId>:<base64 key>} (the service's
 * {@code TASKGATE_SERVICE_AUTH_SIGNING_KEY}) and {@code <dir>/<service>.trusted-key} {@code <service>:<keyId>:<base64
 * key>} (one entry of job-control's {@code JOBCTL_INTERNAL_AUTH_TRUSTED_KEYS}). Existing keys are kept. Files are
 * mode 600.
 *
 * <pre>java tools/service-key/ServiceKey.java DIR SERVICE...</pre>
 */
public final class ServiceKey {
    private ServiceKey() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: java tools/service-key/ServiceKey.java DIR SERVICE...");
            System.exit(2);
        }
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        for (int i = 1; i < args.length; i++) {
            make(dir, args[i]);
        }
    }

    private static void make(Path dir, String service) throws IOException {
        Path signing = dir.resolve(service + ".signing-key");
        Path trusted = dir.resolve(service + ".trusted-key");
        if (Files.exists(signing) && Files.exists(trusted)) {
            return;
        }
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        String keyId = service + "-" + LocalDate.now();
        String encoded = Base64.getEncoder().encodeToString(key);
        write(signing, keyId + ":" + encoded);
        write(trusted, service + ":" + keyId + ":" + encoded);
    }

    private static void write(Path file, String line) throws IOException {
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, line + "\n", StandardCharsets.US_ASCII);
    }
}
