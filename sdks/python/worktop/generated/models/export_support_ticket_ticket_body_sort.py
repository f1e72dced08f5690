from enum import StrEnum


class ExportSupportTicketTicketBodySort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    SUBJECT = "subject"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-subject"

    def __str__(self) -> str:
        return str(self.value)
