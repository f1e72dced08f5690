from enum import StrEnum


class SmsProvider(StrEnum):
    MESSAGEBIRD = "messagebird"
    PLIVO = "plivo"
    SINCH = "sinch"
    TWILIO = "twilio"
    VONAGE = "vonage"

    def __str__(self) -> str:
        return str(self.value)
