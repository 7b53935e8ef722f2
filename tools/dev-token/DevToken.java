import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Development token tool: creates the local stack's JWT signing key pair and mints RS256 tokens that
 * mcp-frontend accepts. JDK only, run as a single-file program:
 *
 * <pre>
 * java tools/dev-token/DevToken.java keygen .taskgate/keys
 * java tools/dev-token/DevToken.java mint --key .taskgate/keys/jwt-private.pem --sub alice --org acme --project demo
 * </pre>
 *
 * Never use these keys or tokens outside a developer machine.
 */
public final class DevToken {
    static final String DEFAULT_ISSUER = "https://taskgate.local/dev";
    static final String DEFAULT_AUDIENCE = "taskgate";
    static final String DEFAULT_SCOPE = "tools:call";
    static final long DEFAULT_TTL_SECONDS = 3600;
    static final String PRIVATE_FILE = "jwt-private.pem";
    static final String PUBLIC_FILE = "jwt-public.pem";

    private static final String USAGE = String.join(
            "\n",
            "Usage:",
            "  java tools/dev-token/DevToken.java keygen <dir>",
            "      Writes an RSA-2048 key pair to <dir>/" + PRIVATE_FILE + " (PKCS#8) and <dir>/" + PUBLIC_FILE,
            "      (X.509 SubjectPublicKeyInfo), unless both already exist. Existing keys are never overwritten.",
            "",
            "  java tools/dev-token/DevToken.java mint --key <private.pem> --sub <subject> --org <org> --project <project>",
            "      [--scope \"tools:call tools:write\"] [--ttl-seconds 3600]",
            "      [--issuer " + DEFAULT_ISSUER + "] [--audience " + DEFAULT_AUDIENCE + "]",
            "      Prints an RS256 JWT with the claims iss, aud, sub, org_id, project_id, scope, iat, exp, jti.",
            "      Defaults: scope \"" + DEFAULT_SCOPE + "\", ttl " + DEFAULT_TTL_SECONDS + " s.",
            "",
            "  java tools/dev-token/DevToken.java help",
            "",
            "For development only: the frontend verifies tokens with the public key named by",
            "MP_JWT_VERIFY_PUBLICKEY_LOCATION (default file:.taskgate/keys/" + PUBLIC_FILE + ").");

    private DevToken() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            err.println(USAGE);
            return 2;
        }
        try {
            switch (args[0]) {
                case "keygen":
                    return keygen(args, out, err);
                case "mint":
                    return mint(args, out);
                case "help":
                case "--help":
                case "-h":
                    out.println(USAGE);
                    return 0;
                default:
                    throw new UsageException("unknown command: " + args[0]);
            }
        } catch (UsageException e) {
            err.println("error: " + e.getMessage());
            err.println();
            err.println(USAGE);
            return 2;
        } catch (IOException | GeneralSecurityException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return 1;
        }
    }

    private static int keygen(String[] args, PrintStream out, PrintStream err)
            throws IOException, GeneralSecurityException {
        if (args.length != 2) {
            throw new UsageException("keygen takes exactly one argument: the target directory");
        }
        Path dir = Path.of(args[1]);
        Path privateFile = dir.resolve(PRIVATE_FILE);
        Path publicFile = dir.resolve(PUBLIC_FILE);
        boolean hasPrivate = Files.exists(privateFile);
        boolean hasPublic = Files.exists(publicFile);
        if (hasPrivate && hasPublic) {
            out.println("keys already present in " + dir + "; nothing written");
            return 0;
        }
        if (hasPrivate || hasPublic) {
            // Writing only the missing half would give a public key that does not match the private one.
            throw new IOException("only one of " + PRIVATE_FILE + " and " + PUBLIC_FILE + " exists in " + dir
                    + "; remove it and run keygen again");
        }
        Files.createDirectories(dir);
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        Files.writeString(privateFile, pem("PRIVATE KEY", pair.getPrivate().getEncoded()), StandardCharsets.US_ASCII);
        try {
            Files.setPosixFilePermissions(privateFile, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            err.println("warning: cannot restrict permissions of " + privateFile + " on this file system");
        }
        Files.writeString(publicFile, pem("PUBLIC KEY", pair.getPublic().getEncoded()), StandardCharsets.US_ASCII);
        out.println("wrote " + privateFile + " and " + publicFile);
        return 0;
    }

    private static int mint(String[] args, PrintStream out) throws IOException, GeneralSecurityException {
        Map<String, String> options = options(
                args,
                List.of("--key", "--sub", "--org", "--project", "--scope", "--ttl-seconds", "--issuer", "--audience"));
        String key = required(options, "--key");
        String subject = required(options, "--sub");
        String org = required(options, "--org");
        String project = required(options, "--project");
        String scope = options.getOrDefault("--scope", DEFAULT_SCOPE);
        String issuer = options.getOrDefault("--issuer", DEFAULT_ISSUER);
        String audience = options.getOrDefault("--audience", DEFAULT_AUDIENCE);
        long ttl;
        try {
            ttl = Long.parseLong(options.getOrDefault("--ttl-seconds", Long.toString(DEFAULT_TTL_SECONDS)));
        } catch (NumberFormatException e) {
            throw new UsageException("--ttl-seconds must be a whole number of seconds");
        }
        if (ttl <= 0) {
            throw new UsageException("--ttl-seconds must be positive");
        }
        for (Map.Entry<String, String> e : Map.of(
                        "--sub",
                        subject,
                        "--org",
                        org,
                        "--project",
                        project,
                        "--issuer",
                        issuer,
                        "--audience",
                        audience)
                .entrySet()) {
            if (e.getValue().isBlank()) {
                throw new UsageException(e.getKey() + " must not be blank");
            }
        }
        PrivateKey privateKey = readPrivateKey(Path.of(key));
        long now = Instant.now().getEpochSecond();
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("iss", issuer);
        claims.put("aud", audience);
        claims.put("sub", subject);
        claims.put("org_id", org);
        claims.put("project_id", project);
        claims.put("scope", scope.trim().replaceAll("\\s+", " "));
        claims.put("iat", now);
        claims.put("exp", now + ttl);
        claims.put("jti", UUID.randomUUID().toString());
        out.println(sign(claims, privateKey));
        return 0;
    }

    private static Map<String, String> options(String[] args, List<String> known) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i += 2) {
            String name = args[i];
            if (!known.contains(name)) {
                throw new UsageException("unknown option: " + name);
            }
            if (i + 1 >= args.length) {
                throw new UsageException(name + " needs a value");
            }
            if (options.put(name, args[i + 1]) != null) {
                throw new UsageException(name + " given twice");
            }
        }
        return options;
    }

    private static String required(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null) {
            throw new UsageException(name + " is required");
        }
        return value;
    }

    static PrivateKey readPrivateKey(Path file) throws IOException, GeneralSecurityException {
        if (!Files.isReadable(file)) {
            throw new IOException("cannot read the private key " + file + " (run keygen first?)");
        }
        String text = Files.readString(file, StandardCharsets.US_ASCII);
        if (!text.contains("-----BEGIN PRIVATE KEY-----")) {
            throw new IOException(file + " is not a PKCS#8 PEM private key (expected BEGIN PRIVATE KEY)");
        }
        String base64 = text.replace("-----BEGIN PRIVATE KEY-----", "")
                .replace("-----END PRIVATE KEY-----", "")
                .replaceAll("\\s", "");
        byte[] der;
        try {
            der = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + " holds invalid base64", e);
        }
        return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der));
    }

    static String sign(Map<String, Object> claims, PrivateKey key) throws GeneralSecurityException {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String header = b64.encodeToString("{\"alg\":\"RS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
        String payload = b64.encodeToString(json(claims).getBytes(StandardCharsets.UTF_8));
        Signature signature = Signature.getInstance("SHA256withRSA");
        signature.initSign(key);
        signature.update((header + "." + payload).getBytes(StandardCharsets.US_ASCII));
        return header + "." + payload + "." + b64.encodeToString(signature.sign());
    }

    private static String json(Map<String, Object> claims) {
        List<String> members = new ArrayList<>();
        for (Map.Entry<String, Object> e : claims.entrySet()) {
            Object v = e.getValue();
            members.add(quote(e.getKey()) + ":" + (v instanceof Number ? v.toString() : quote(v.toString())));
        }
        return "{" + String.join(",", members) + "}";
    }

    private static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"':
                    sb.append("\\\"");
                    break;
                case '\\':
                    sb.append("\\\\");
                    break;
                default:
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
            }
        }
        return sb.append('"').toString();
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }

    /** Bad command line: printed with the usage text and exit status 2. */
    private static final class UsageException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }
}
