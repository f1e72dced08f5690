from enum import StrEnum


class Action(StrEnum):
    ACCOUNT_DELETED = "account_deleted"
    API_KEY_CREATED = "api_key_created"
    API_KEY_REVOKED = "api_key_revoked"
    LOGIN = "login"
    LOGIN_FAILED = "login_failed"
    LOGOUT = "logout"
    OAUTH_AUTHORIZED = "oauth_authorized"
    OAUTH_CLIENT_CREATED = "oauth_client_created"
    OAUTH_CLIENT_DELETED = "oauth_client_deleted"
    PASSWORD_CHANGED = "password_changed"
    PASSWORD_RESET = "password_reset"
    PHOTO_UPLOADED = "photo_uploaded"
    PROFILE_UPDATED = "profile_updated"
    SESSION_REVOKED = "session_revoked"
    USER_CREATED = "user_created"
    USER_DELETED = "user_deleted"
    USER_UPDATED = "user_updated"
    USER_VERIFIED = "user_verified"

    def __str__(self) -> str:
        return str(self.value)
