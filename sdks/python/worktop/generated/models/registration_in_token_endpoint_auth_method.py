from enum import StrEnum


class RegistrationInTokenEndpointAuthMethod(StrEnum):
    NONE = "none"

    def __str__(self) -> str:
        return str(self.value)
