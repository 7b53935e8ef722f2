package dev.taskgate.testsupport;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * The PostgreSQL login roles of the test infrastructure, with their public development passwords: one role per
 * service that uses the database, each the owner of its own schema and of nothing else ({@code docs/security.md},
 * "Database roles"). {@code bin/lib/postgres.sh} gives the roles these passwords, the services' {@code %test}
 * profiles connect with them, and the system tests hand them to the packaged services; keep the three equal.
 *
 * <p>A test that looks at stored rows connects as the role owning the schema it reads ({@link #JOBCTL} for
 * {@code jobctl.*}), never as a role with more rights; {@link #ADMIN} is only for what no service role may do.
 */
public final class DevDatabaseRoles {
    /** job-control's role: owns schema {@code jobctl}. */
    public static final Role JOBCTL = new Role("taskgate_jobctl", "dev-insecure-jobctl");
    /** webhook-dispatcher's role: owns schema {@code webhooks}. */
    public static final Role WEBHOOKS = new Role("taskgate_webhooks", "dev-insecure-webhooks");
    /** The cluster's superuser, which the scripts use; loopback connections need no password. */
    public static final Role ADMIN = new Role("postgres", "");

    private DevDatabaseRoles() {}

    /**
     * A login role and its password.
     *
     * @param user the role name
     * @param password its development password
     */
    public record Role(String user, String password) {
        /** A JDBC connection to {@code jdbcUrl} as this role (the PostgreSQL driver must be on the classpath). */
        public Connection connect(String jdbcUrl) throws SQLException {
            return DriverManager.getConnection(jdbcUrl, user, password);
        }
    }
}
